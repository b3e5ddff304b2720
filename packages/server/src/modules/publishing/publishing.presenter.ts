import {
  ConnectionTestResultSchema,
  WebflowFieldMappingSchema,
  type ContentExport,
  type PublishingConnection,
} from "@content-studio/contract";
import type * as repo from "./publishing.repository";

const iso = (d: Date | string) => new Date(d).toISOString();

/** A connection for admins: its settings, never its secret. */
export function presentConnection(
  row: repo.ConnectionRow & { creator_name?: string | null },
): PublishingConnection {
  const s = row.settings as Record<string, string>;
  const str = (k: string) => (typeof s[k] === "string" ? s[k] : "");
  const settings: PublishingConnection["settings"] =
    row.target === "wordpress"
      ? { target: "wordpress", siteUrl: str("siteUrl"), username: str("username") }
      : row.target === "hubspot"
        ? {
            target: "hubspot",
            contentKind: str("contentKind") === "marketing_email" ? "marketing_email" : "blog_post",
            blogId: str("blogId"),
            authorId: str("authorId"),
          }
        : { target: "webflow", collectionId: str("collectionId") };
  return {
    id: row.id,
    name: row.name,
    target: row.target,
    settings,
    utm: { source: row.utm.source, medium: row.utm.medium, campaign: row.utm.campaign ?? "" },
    fieldMapping: WebflowFieldMappingSchema.safeParse(row.field_mapping).data ?? null,
    lastTest: ConnectionTestResultSchema.safeParse(row.last_test).data ?? null,
    createdAt: iso(row.created_at),
    createdBy: row.creator_name ?? null,
  };
}

export function presentExport(row: repo.ExportListRow): ContentExport {
  return {
    id: row.id,
    itemId: row.content_item_id,
    connectionId: row.connection_id,
    connectionName: row.connection_name,
    target: row.target,
    status: row.status,
    requestedVersion: row.requested_version,
    exportedVersion: row.exported_version,
    externalId: row.external_id,
    externalUrl: row.external_url,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt:
      row.status === "pending" && row.next_attempt_at ? iso(row.next_attempt_at) : null,
    updatedAt: iso(row.updated_at),
  };
}
