import type { Role } from "@content-studio/contract";
import { roleAtLeast } from "@content-studio/contract";
import { definePolicy } from "../../lib/policy";

/** What the policy needs to know about a stored kit export: who asked for it. */
export interface PolicyKitExport {
  requested_by: string;
}

/**
 * A kit export kept in the file store is downloaded by the person who asked for it (or an
 * admin): its link is theirs, like the download their browser started. Anyone else who reads
 * the kit exports it themselves.
 */
export const kitExportPolicy = definePolicy<"download", PolicyKitExport>({
  actions: ["download"],
  minRole: { download: "viewer" } satisfies Record<"download", Role>,
  permits: (_action, record, actor) =>
    roleAtLeast(actor.role, "admin") ||
    (actor.id !== undefined && record.requested_by === actor.id),
  forbiddenMessages: {
    download: "This export was made for someone else. Export the kit yourself to download it.",
  },
});
