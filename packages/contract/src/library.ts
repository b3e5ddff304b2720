import { z } from "zod";
import {
  ContentItemCapabilitiesSchema,
  ContentProvenanceSchema,
  ContentStatusSchema,
  ContentVariationsSchema,
  VisualizationSchema,
  type ContentStatus,
} from "./content";
import { QualityReportSchema, type QualityReport } from "./quality";
import { meetsQualityStandards } from "./quality-rules";
import { formatCappedCount, QUALITY_BAND_IDS } from "./quality-bands";
import { BuyingStageSchema, ContentTypeSchema } from "./reference";

export {
  DASHBOARD_QUALITY_BANDS,
  LIBRARY_COUNT_CAP,
  QUALITY_BAND_IDS,
  QUALITY_BAND_LABELS,
  dashboardQualityBand,
  formatCappedCount,
  isHighQuality,
  type QualityBandId,
} from "./quality-bands";

/** Display names of the lifecycle states. */
export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = {
  draft: "Draft",
  in_review: "In review",
  approved: "Approved",
  published: "Published",
};

/** Deleted items stay in the Trash this long, then a scheduled job purges them. */
export const TRASH_RETENTION_DAYS = 30;

/** Why an item's author does not approve it (the server's 403, and the item page's note). */
export const OWN_ITEM_APPROVAL_MESSAGE =
  "You cannot approve content you wrote: another admin approves it. (A one-person team can allow authors to approve their own content in Settings → Content Generation Defaults.)";

export const QualityBandIdSchema = z.enum(QUALITY_BAND_IDS);

/**
 * The library's count line for a page: the count when the server gave one ("1 item",
 * "1,000+ items"); otherwise what the pages so far show: every match once the last page is
 * reached, else "More than N items" with N the items up to this page.
 */
export function describeLibraryCount(
  page: { total: number | null; totalCapped: boolean; nextCursor: string | null },
  itemsUpToThisPage: number,
): string {
  const noun = (n: number, capped: boolean) => (n === 1 && !capped ? "item" : "items");
  if (page.total !== null) {
    return `${formatCappedCount(page.total, page.totalCapped)} ${noun(page.total, page.totalCapped)}`;
  }
  const seen = itemsUpToThisPage.toLocaleString("en-US");
  if (page.nextCursor) return `More than ${seen} items`;
  return `${seen} ${noun(itemsUpToThisPage, false)}`;
}

export const LIBRARY_ACTIONS = [
  "edit",
  "optimize",
  "visualize",
  "repurpose",
  "saveAsExample",
  "duplicate",
  "delete",
  "submit",
  "approve",
  "reject",
  "publish",
  "unpublish",
  "restore",
  "purge",
] as const;
export type LibraryAction = (typeof LIBRARY_ACTIONS)[number];

/** What the caller may do with one item right now (computed by the server's policy). */
export const LibraryCapabilitiesSchema = ContentItemCapabilitiesSchema.extend({
  duplicate: z.boolean(),
  delete: z.boolean(),
  submit: z.boolean(),
  approve: z.boolean(),
  reject: z.boolean(),
  publish: z.boolean(),
  unpublish: z.boolean(),
  restore: z.boolean(),
  purge: z.boolean(),
});
export type LibraryCapabilities = z.infer<typeof LibraryCapabilitiesSchema>;

export const LIBRARY_SORTS = ["updated", "created", "quality"] as const;
export const LibrarySortSchema = z.enum(LIBRARY_SORTS);
export type LibrarySort = z.infer<typeof LibrarySortSchema>;
export const LIBRARY_SORT_LABELS: Record<LibrarySort, string> = {
  updated: "Last updated",
  created: "Newest",
  quality: "Highest quality",
};

const optionalId = z.string().trim().min(1).max(100).optional();

/** GET /api/library: search, filters, sort and keyset pagination. */
export const ListLibraryQuerySchema = z.object({
  /** Matches titles case-insensitively and the text of every section (full-text). */
  q: z.string().trim().max(200).optional(),
  type: ContentTypeSchema.optional(),
  status: ContentStatusSchema.optional(),
  personaId: optionalId,
  industryId: optionalId,
  stage: BuyingStageSchema.optional(),
  quality: QualityBandIdSchema.optional(),
  authorId: optionalId,
  sort: LibrarySortSchema.default("updated"),
  /** active: the library; trash: deleted items awaiting purge. */
  view: z.enum(["active", "trash"]).default("active"),
  /** Opaque position from the previous page's nextCursor. */
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListLibraryQuery = z.input<typeof ListLibraryQuerySchema>;

/** One row of the library table (spec: Library item). */
export const LibraryItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  contentType: ContentTypeSchema,
  personaId: z.string(),
  personaName: z.string(),
  industryId: z.string(),
  industryName: z.string(),
  buyingStage: BuyingStageSchema,
  status: ContentStatusSchema,
  /** Score of the current text, 0–1 (null when never checked). */
  qualityScore: z.number().nullable(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it went to the Trash (null when not deleted). */
  deletedAt: z.string().nullable(),
  can: LibraryCapabilitiesSchema,
});
export type LibraryItem = z.infer<typeof LibraryItemSchema>;

export const LibraryPageSchema = z.object({
  items: z.array(LibraryItemSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * Matches, counted up to LIBRARY_COUNT_CAP; null when a search matches so many items that
   * counting them would cost many times the page (the page then comes from walking the sort
   * order, and `nextCursor` says whether more follow).
   */
  total: z.number().int().nullable(),
  /** True when there are more matches than `total`. */
  totalCapped: z.boolean(),
});
export type LibraryPage = z.infer<typeof LibraryPageSchema>;

export const LibraryAuthorSchema = z.object({ id: z.string(), name: z.string() });
export type LibraryAuthor = z.infer<typeof LibraryAuthorSchema>;

/** Why approval is refused right now: a code with its parameters, rendered by describeApprovalBlocker. */
export const ApprovalBlockerSchema = z.discriminatedUnion("code", [
  z.object({ code: z.literal("not_scored") }),
  z.object({ code: z.literal("below_threshold"), score: z.number(), threshold: z.number() }),
  z.object({
    code: z.literal("claim_not_supported"),
    /** unsupported, contradicted, misattributed or expired. */
    status: z.enum(["unsupported", "contradicted", "misattributed", "expired"]),
    text: z.string(),
  }),
  /** A campaign kit's check found something to fix in this asset. */
  z.object({ code: z.literal("kit_finding"), message: z.string() }),
]);
export type ApprovalBlocker = z.infer<typeof ApprovalBlockerSchema>;

/** The English of a blocker (the one place it is worded). */
export function describeApprovalBlocker(blocker: ApprovalBlocker): string {
  switch (blocker.code) {
    case "not_scored":
      return "The quality check has not been run on this version.";
    case "below_threshold":
      return `Quality score ${Math.round(blocker.score * 100)}% is below the threshold of ${Math.round(blocker.threshold * 100)}%.`;
    case "claim_not_supported":
      return `Claim "${blocker.text}" is ${blocker.status}.`;
    case "kit_finding":
      return `Kit check: ${blocker.message}`;
  }
}

/**
 * Reasons approval is refused for a version with this score and report: no score, a score
 * that does not meet the quality standards (meetsQualityStandards), or any claim the report
 * marks unsupported, contradicted or expired.
 */
export function approvalBlockers(
  score: number | null,
  report: QualityReport | null,
  threshold: number,
): ApprovalBlocker[] {
  if (score === null) return [{ code: "not_scored" }];
  const blockers: ApprovalBlocker[] = [];
  if (!meetsQualityStandards(score, threshold)) {
    blockers.push({ code: "below_threshold", score, threshold });
  }
  for (const claim of report?.claims ?? []) {
    // A third-party figure with no fact behind it is shown to the approver, not a blocker.
    if (claim.status === "supported" || claim.status === "unsourced") continue;
    blockers.push({ code: "claim_not_supported", status: claim.status, text: claim.text });
  }
  return blockers;
}

/**
 * GET /api/library/:id: a stored piece of content (every generation is saved as a draft) with
 * its lifecycle state and the caller's capabilities. The library is its only owner; this is
 * the one shape of an item (ContentItem below is a subset of it).
 */
export const LibraryItemDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  contentType: ContentTypeSchema,
  personaId: z.string(),
  /** Persona title. */
  personaName: z.string(),
  industryId: z.string(),
  /** Industry name. */
  industryName: z.string(),
  buyingStage: BuyingStageSchema,
  topic: z.string(),
  status: ContentStatusSchema,
  headline: z.string(),
  introduction: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  conclusion: z.string(),
  imagePrompt: z.string(),
  /** Labels of the key metrics chosen when generating. */
  keyMetrics: z.array(z.string()),
  /** Names of the featured solutions chosen when generating. */
  featuredSolutions: z.array(z.string()),
  primaryKeyword: z.string().nullable(),
  visualization: VisualizationSchema.nullable(),
  repurposed: ContentVariationsSchema.nullable(),
  /** Score of the first draft, 0–1 (null when the quality check was off). */
  qualityBefore: z.number().nullable(),
  /** Score of the current text, 0–1. */
  qualityAfter: z.number().nullable(),
  qualityReport: QualityReportSchema.nullable(),
  provenance: ContentProvenanceSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
  authorName: z.string().nullable(),
  /** Who last changed the item (a save or a status change such as an approval). */
  updatedByName: z.string().nullable(),
  /** Who saved the current version (its content), and when. */
  versionSavedByName: z.string().nullable(),
  versionSavedAt: z.string(),
  deletedAt: z.string().nullable(),
  /** The approval in force, bound to one version (null when none). */
  approval: z
    .object({
      version: z.number().int(),
      byName: z.string().nullable(),
      at: z.string(),
      /** The author approved their own item (only while the organisation allows it). */
      byAuthor: z.boolean(),
    })
    .nullable(),
  /** Why approval would be refused now (empty when it would pass). */
  approvalBlockers: z.array(ApprovalBlockerSchema),
  qualityThreshold: z.number(),
  /** Authors may approve their own items (generation settings: a one-person team). */
  selfApprovalAllowed: z.boolean(),
  can: LibraryCapabilitiesSchema,
});
export type LibraryItemDetail = z.infer<typeof LibraryItemDetailSchema>;

/**
 * The generator's view of an item: its text, audience, scores, saved assets and what the
 * caller may do, without the lifecycle fields (versions, approval, Trash). A subset of the
 * library's item, so any LibraryItemDetail is one.
 */
export const ContentItemSchema = LibraryItemDetailSchema.pick({
  id: true,
  title: true,
  contentType: true,
  personaId: true,
  personaName: true,
  industryId: true,
  industryName: true,
  buyingStage: true,
  topic: true,
  status: true,
  headline: true,
  introduction: true,
  body: true,
  conclusion: true,
  imagePrompt: true,
  keyMetrics: true,
  featuredSolutions: true,
  primaryKeyword: true,
  visualization: true,
  repurposed: true,
  qualityBefore: true,
  qualityAfter: true,
  qualityReport: true,
  provenance: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
  can: true,
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

export const LibraryIdParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const LibraryVersionParamsSchema = LibraryIdParamsSchema.extend({
  version: z.coerce.number().int().min(1).max(1_000_000),
});

/** PUT /api/library/:id: a save (always a new version when something changed). */
export const SaveLibraryItemBodySchema = z.object({
  title: z.string().trim().min(1, "Title is required.").max(300).optional(),
  headline: z.string().trim().min(1, "Headline is required.").max(300),
  introduction: z.string().trim().min(1, "Introduction is required.").max(20_000),
  /** HTML; sanitised with the shared allow-list on the server. */
  body: z.string().trim().min(1, "Body is required.").max(200_000),
  conclusion: z.string().trim().min(1, "Conclusion is required.").max(20_000),
  /** The version the edit started from: a save over a newer version is refused (409). */
  baseVersion: z.number().int().min(1).optional(),
  /** The image prompt: a change is an edit (a new version; an approval no longer applies). */
  imagePrompt: z.string().trim().max(2000).optional(),
});
export type SaveLibraryItemBody = z.infer<typeof SaveLibraryItemBodySchema>;

export const TRANSITION_ACTIONS = ["submit", "approve", "reject", "publish", "unpublish"] as const;
export type TransitionAction = (typeof TRANSITION_ACTIONS)[number];

/** POST /api/library/:id/transitions. A rejection needs a note. */
export const TransitionBodySchema = z
  .object({
    action: z.enum(TRANSITION_ACTIONS),
    note: z.string().trim().max(2000).optional(),
    /**
     * The version the user looked at when they chose the action (the screens always send it):
     * when the item has changed since, the action is refused rather than applied to text they
     * have not seen.
     */
    version: z.number().int().positive().optional(),
  })
  .refine((b) => b.action !== "reject" || (b.note ?? "").length > 0, {
    message: "Please give a reason for the rejection.",
    path: ["note"],
  });
export type TransitionBody = z.infer<typeof TransitionBodySchema>;

export const LIBRARY_SECTIONS = [
  "title",
  "headline",
  "introduction",
  "body",
  "conclusion",
] as const;
export type LibrarySection = (typeof LIBRARY_SECTIONS)[number];
export const LIBRARY_SECTION_LABELS: Record<LibrarySection, string> = {
  title: "Title",
  headline: "Headline",
  introduction: "Introduction",
  body: "Body",
  conclusion: "Conclusion",
};

/** What else a version can change besides the text: the item's image prompt and assets. */
export const LIBRARY_ASSETS = ["imagePrompt", "visualization", "variations"] as const;
export type LibraryAsset = (typeof LIBRARY_ASSETS)[number];
/** What a version changed: a section of the text or an asset. */
export const LIBRARY_CHANGES = [...LIBRARY_SECTIONS, ...LIBRARY_ASSETS] as const;
export type LibraryChange = (typeof LIBRARY_CHANGES)[number];
export const LIBRARY_CHANGE_LABELS: Record<LibraryChange, string> = {
  ...LIBRARY_SECTION_LABELS,
  imagePrompt: "Image prompt",
  visualization: "Image",
  variations: "Channel variations",
};

export const LibraryVersionSummarySchema = z.object({
  version: z.number().int(),
  /** Sections and assets that differ from the previous version. */
  changedSections: z.array(z.enum(LIBRARY_CHANGES)),
  qualityScore: z.number().nullable(),
  /** e.g. "Generated", "Edited", "Restored from version 2". */
  note: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type LibraryVersionSummary = z.infer<typeof LibraryVersionSummarySchema>;

export const LibraryVersionSchema = LibraryVersionSummarySchema.extend({
  title: z.string(),
  headline: z.string(),
  introduction: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  conclusion: z.string(),
});
export type LibraryVersion = z.infer<typeof LibraryVersionSchema>;

export const LIBRARY_EVENT_KINDS = [
  "created",
  "edited",
  "restored_version",
  "submitted",
  "approved",
  "rejected",
  "published",
  "unpublished",
  "approval_voided",
  "duplicated",
  "deleted",
  "restored",
  "quality_checked",
] as const;
export type LibraryEventKind = (typeof LIBRARY_EVENT_KINDS)[number];

export const LibraryEventSchema = z.object({
  id: z.string(),
  kind: z.enum(LIBRARY_EVENT_KINDS),
  fromStatus: ContentStatusSchema.nullable(),
  toStatus: ContentStatusSchema.nullable(),
  version: z.number().int().nullable(),
  note: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type LibraryEvent = z.infer<typeof LibraryEventSchema>;

export const LIBRARY_EVENT_LABELS: Record<LibraryEventKind, string> = {
  created: "Created",
  edited: "Edited",
  restored_version: "Restored a version",
  submitted: "Submitted for review",
  approved: "Approved",
  rejected: "Rejected",
  published: "Published",
  unpublished: "Moved back to draft",
  approval_voided: "Approval voided by an edit",
  duplicated: "Duplicated",
  deleted: "Moved to Trash",
  restored: "Restored from Trash",
  quality_checked: "Quality check re-run",
};

/** GET /api/library/:id/history: versions (newest first) and lifecycle events (newest first). */
export const LibraryHistorySchema = z.object({
  versions: z.array(LibraryVersionSummarySchema),
  events: z.array(LibraryEventSchema),
});
export type LibraryHistory = z.infer<typeof LibraryHistorySchema>;

export const EXPORT_FORMATS = ["md", "html", "docx"] as const;
export const ExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS) });
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/dashboard/summary. */
export const DashboardSummarySchema = z.object({
  stats: z.object({
    total: z.number().int(),
    lastWeek: z.number().int(),
    /** Scored at or above the quality threshold. */
    highQuality: z.number().int(),
    /** Scored below the quality threshold. */
    needsRefinement: z.number().int(),
  }),
  qualityThreshold: z.number(),
  /** Mean wall-clock time of the last 50 generations (null when there were none). */
  averageGenerationMs: z.number().nullable(),
  generationsMeasured: z.number().int(),
  recent: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      contentType: z.string(),
      personaName: z.string(),
      industryName: z.string(),
      createdAt: z.string(),
      qualityScore: z.number().nullable(),
    }),
  ),
  /** Approved or published items per persona × industry × stage (only cells with items). */
  coverage: z.array(
    z.object({
      personaId: z.string(),
      industryId: z.string(),
      buyingStage: BuyingStageSchema,
      count: z.number().int(),
      averageQuality: z.number().nullable(),
    }),
  ),
  /** The last 12 weeks, oldest first (weeks start on Monday, UTC). */
  weekly: z.array(
    z.object({
      weekStart: z.string(),
      count: z.number().int(),
      averageQuality: z.number().nullable(),
    }),
  ),
});
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;

/** GET /api/library/authors. */
export const LibraryAuthorArraySchema = z.array(LibraryAuthorSchema);
