import { z } from "zod";
import { ContentProvenanceSchema, ContentVariationsSchema, VisualizationSchema } from "./content";
import { ContentStatusSchema } from "./content-status";
import { LibraryCapabilitiesSchema, LibraryItemSubjectSchema } from "./library-list";
import { QualityReportSchema, type QualityReport } from "./quality";
import { meetsQualityStandards } from "./quality-rules";

// One library item: its detail, versions, history, edits and lifecycle actions (the list and
// the dashboard are in library-list.ts).

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
export const LibraryItemDetailSchema = LibraryItemSubjectSchema.extend({
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
