import {
  ContentProvenanceSchema,
  ContentVariationsSchema,
  LIBRARY_CHANGES,
  QualityReportSchema,
  VisualizationSchema,
  approvalBlockers,
  type BuyingStage,
  type ContentItem,
  type ContentStatus,
  type ContentType,
  type LibraryEvent,
  type LibraryEventKind,
  type LibraryItem,
  type LibraryItemDetail,
  type LibraryChange,
  type LibraryVersion,
  type LibraryVersionSummary,
} from "@content-studio/contract";
import type { ContentItemRow, ContentItemVersionRow } from "../../db/types";
import { textSectionsOf } from "../../lib/text-sections";
import type {
  LibraryItemRow,
  LibraryListRow,
  listEvents,
  listVersions,
} from "./library.repository";
import { capabilitiesFor, type LibraryRules, type PolicyActor } from "./library.policy";

const iso = (d: Date | string) => new Date(d).toISOString();

/** Parses a jsonb column that may be null; a value that no longer fits the schema reads as null. */
function optionalJson<T>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  v: unknown,
): T | null {
  if (v === null || v === undefined) return null;
  const parsed = schema.safeParse(v);
  return parsed.success ? (parsed.data ?? null) : null;
}

/** The text, audience, scores and saved assets of a stored item (everything but `can`). */
export function presentContentFields(
  row: ContentItemRow & { persona_title: string; industry_name: string },
): Omit<ContentItem, "can"> {
  return {
    id: row.id,
    title: row.title,
    contentType: row.content_type,
    personaId: row.persona_id,
    personaName: row.persona_title,
    industryId: row.industry_id,
    industryName: row.industry_name,
    buyingStage: row.buying_stage,
    topic: row.topic,
    status: row.status,
    ...textSectionsOf(row),
    imagePrompt: row.image_prompt,
    keyMetrics: row.key_metrics,
    featuredSolutions: row.featured_solutions,
    primaryKeyword: row.primary_keyword,
    visualization: optionalJson(VisualizationSchema, row.visualization),
    repurposed: optionalJson(ContentVariationsSchema, row.repurposed),
    qualityBefore: row.quality_before,
    qualityAfter: row.quality_after,
    qualityReport: optionalJson(QualityReportSchema, row.quality_report),
    provenance: ContentProvenanceSchema.parse(row.provenance),
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function presentLibraryItem(
  row: LibraryListRow,
  actor: PolicyActor,
  rules: LibraryRules,
): LibraryItem {
  return {
    id: row.id,
    title: row.title,
    contentType: row.content_type as ContentType,
    personaId: row.persona_id,
    personaName: row.persona_title,
    industryId: row.industry_id,
    industryName: row.industry_name,
    buyingStage: row.buying_stage as BuyingStage,
    status: row.status as ContentStatus,
    qualityScore: row.quality_after,
    authorId: row.created_by,
    authorName: row.author_name,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
    can: capabilitiesFor(actor, row, rules),
  };
}

export function presentLibraryDetail(
  row: LibraryItemRow,
  actor: PolicyActor,
  threshold: number,
  rules: LibraryRules,
): LibraryItemDetail {
  const content = presentContentFields(row);
  return {
    ...content,
    version: row.version,
    authorName: row.author_name,
    updatedByName: row.updated_by_name,
    versionSavedByName: row.version_saved_by_name,
    versionSavedAt: iso(row.version_saved_at ?? row.updated_at),
    deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
    approval:
      row.approved_version !== null && row.approved_at
        ? {
            version: row.approved_version,
            byName: row.approved_by_name,
            at: iso(row.approved_at),
            byAuthor: row.approved_by !== null && row.approved_by === row.created_by,
          }
        : null,
    approvalBlockers: approvalBlockers(content.qualityAfter, content.qualityReport, threshold),
    qualityThreshold: threshold,
    selfApprovalAllowed: rules.allowSelfApproval,
    can: capabilitiesFor(actor, row, rules),
  };
}

const sectionsOf = (v: unknown): LibraryChange[] =>
  Array.isArray(v)
    ? v.filter(
        (s: unknown): s is LibraryChange =>
          typeof s === "string" && (LIBRARY_CHANGES as readonly string[]).includes(s),
      )
    : [];

export function presentVersionSummary(
  row: Awaited<ReturnType<typeof listVersions>>[number],
): LibraryVersionSummary {
  return {
    version: row.version,
    changedSections: sectionsOf(row.changed_sections),
    qualityScore: row.quality_score,
    note: row.note,
    createdByName: row.created_by_name,
    createdAt: iso(row.created_at),
  };
}

export function presentVersion(
  row: ContentItemVersionRow & { created_by_name: string | null },
): LibraryVersion {
  return {
    ...presentVersionSummary(row),
    title: row.title,
    ...textSectionsOf(row),
  };
}

export function presentEvent(row: Awaited<ReturnType<typeof listEvents>>[number]): LibraryEvent {
  return {
    id: row.id,
    kind: row.kind as LibraryEventKind,
    fromStatus: (row.from_status as ContentStatus | null) ?? null,
    toStatus: (row.to_status as ContentStatus | null) ?? null,
    version: row.version,
    note: row.note,
    actorName: row.actor_name,
    createdAt: iso(row.created_at),
  };
}
