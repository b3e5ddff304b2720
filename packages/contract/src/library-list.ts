import { z } from "zod";
import { CONTENT_ITEM_ACTIONS, ContentStatusSchema, type ContentStatus } from "./content-status";
import { objectOfKeys } from "./object-of-keys";
import { formatCappedCount, QUALITY_BAND_IDS } from "./quality-bands";
import { BuyingStageSchema, ContentTypeSchema } from "./reference";

// The library list and the dashboard: what the first screens a visitor opens check their
// answers against, kept apart from the item page's schemas (the quality report and its
// findings), so that the first visit loads only these.

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

/** The result views' actions, and the lifecycle's. */
export const LIBRARY_ACTIONS = [
  ...CONTENT_ITEM_ACTIONS,
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
export const LibraryCapabilitiesSchema = objectOfKeys(LIBRARY_ACTIONS, z.boolean());
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

/**
 * What an item is and whom it is for: the leading fields of both a library row and the item
 * itself (LibraryItemDetail).
 */
export const LibraryItemSubjectSchema = z.object({
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
});

/** One row of the library table (spec: Library item). */
export const LibraryItemSchema = LibraryItemSubjectSchema.extend({
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
