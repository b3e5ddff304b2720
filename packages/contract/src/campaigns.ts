import { z } from "zod";
import { objectOfKeys } from "./object-of-keys";
import { BuyingStageSchema, ContentTypeSchema } from "./reference";

/**
 * Campaign kits: one brief carried to a grid of persona x industry x stage cells, each cell
 * written as a set of assets in one or more languages, every asset a library item.
 */

/** What a cell produces: the article (of the brief's content type) and its short companions. */
export const KIT_ASSET_KINDS = [
  "article",
  "linkedin",
  "x",
  "email-subjects",
  "newsletter",
  "image-prompt",
] as const;
export const KitAssetKindSchema = z.enum(KIT_ASSET_KINDS);
export type KitAssetKind = z.infer<typeof KitAssetKindSchema>;

export const KIT_ASSET_LABELS: Record<KitAssetKind, string> = {
  article: "Article",
  linkedin: "LinkedIn post",
  x: "X post",
  "email-subjects": "3 email subjects",
  newsletter: "Newsletter blurb",
  "image-prompt": "Image prompt",
};

/** Output languages (BCP 47 primary subtags). */
export const KIT_LANGUAGES = ["en", "de", "fr", "es", "ja"] as const;
export const KitLanguageSchema = z.enum(KIT_LANGUAGES);
export type KitLanguage = z.infer<typeof KitLanguageSchema>;

export const KIT_LANGUAGE_LABELS: Record<KitLanguage, string> = {
  en: "English",
  de: "German",
  fr: "French",
  es: "Spanish",
  ja: "Japanese",
};

/** Most cells a brief may choose (the whole grid of a large reference set). */
export const MAX_BRIEF_CELLS = 120;

export const CampaignCellSchema = z.object({
  personaId: z.string().trim().min(1).max(100),
  industryId: z.string().trim().min(1).max(100),
  buyingStage: BuyingStageSchema,
});
export type CampaignCell = z.infer<typeof CampaignCellSchema>;

/** The stable key of a cell: `persona|industry|stage`. */
export const cellKeyOf = (cell: CampaignCell): string =>
  `${cell.personaId}|${cell.industryId}|${cell.buyingStage}`;

/** The offer (a company-profile offer's name) each stage's call to action points to. */
export const StageOffersSchema = z.object({
  awareness: z.string().trim().max(120).nullable(),
  consideration: z.string().trim().max(120).nullable(),
  decision: z.string().trim().max(120).nullable(),
});
export type StageOffers = z.infer<typeof StageOffersSchema>;

const unique = <T>(items: T[]) => new Set(items).size === items.length;

/** What a user writes in a brief (create, update, import). */
export const CampaignBriefInputSchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(200),
  objective: z.string().trim().max(2000),
  keyMessage: z.string().trim().min(1, "Key message is required.").max(2000),
  /** Approved Proof Library facts the copy may use. */
  factIds: z.array(z.string().trim().min(1).max(100)).max(50).refine(unique, "Each fact once."),
  offers: StageOffersSchema,
  cells: z
    .array(CampaignCellSchema)
    .min(1, "Choose at least one cell on the grid.")
    .max(MAX_BRIEF_CELLS, `Choose at most ${MAX_BRIEF_CELLS} cells.`)
    .refine((cells) => unique(cells.map(cellKeyOf)), "Each cell once."),
  assets: z
    .array(KitAssetKindSchema)
    .min(1, "Choose at least one asset.")
    .refine(unique, "Each asset once."),
  articleContentType: ContentTypeSchema,
  languages: z
    .array(KitLanguageSchema)
    .min(1, "Choose at least one language.")
    .refine(unique, "Each language once."),
  /** Admins may give a brief to another user; editors own their own briefs. */
  ownerId: z.string().trim().min(1).max(100).optional(),
  /** YYYY-MM-DD. */
  dueDate: z.iso.date().nullable(),
});
export type CampaignBriefInput = z.infer<typeof CampaignBriefInputSchema>;

export const CampaignIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const CampaignBriefCapabilitiesSchema = objectOfKeys(["edit", "run", "delete"], z.boolean());

/** The kit statuses. */
export const KIT_STATUSES = ["running", "cancelled", "done", "failed"] as const;
export const KitStatusSchema = z.enum(KIT_STATUSES);
export type KitStatus = z.infer<typeof KitStatusSchema>;

export const KIT_STATUS_LABELS: Record<KitStatus, string> = {
  running: "Running",
  cancelled: "Cancelled",
  done: "Done",
  failed: "Failed",
};

export const KitSummarySchema = z.object({
  id: z.string(),
  status: KitStatusSchema,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
});
export type KitSummary = z.infer<typeof KitSummarySchema>;

export const CampaignBriefSchema = CampaignBriefInputSchema.extend({
  id: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The latest kit generated from the brief, if any. */
  latestKit: KitSummarySchema.nullable(),
  can: CampaignBriefCapabilitiesSchema,
});
export type CampaignBrief = z.infer<typeof CampaignBriefSchema>;

export const CampaignBriefListSchema = z.object({
  briefs: z.array(CampaignBriefSchema),
  /** `assignOwner`: whether the caller may give a brief to someone else (admins). */
  can: z.object({ create: z.boolean(), assignOwner: z.boolean() }),
});
export type CampaignBriefList = z.infer<typeof CampaignBriefListSchema>;

/** A step: one asset of one cell in one language. */
export const KIT_STEP_STATUSES = [
  "queued",
  "writing",
  "checking",
  "done",
  "failed",
  "skipped",
] as const;
export const KitStepStatusSchema = z.enum(KIT_STEP_STATUSES);
export type KitStepStatus = z.infer<typeof KitStepStatusSchema>;

export const KIT_STEP_STATUS_LABELS: Record<KitStepStatus, string> = {
  queued: "Queued",
  writing: "Writing",
  checking: "Checking",
  done: "Done",
  failed: "Failed",
  skipped: "Skipped",
};

/** A finding of the kit check or the language check, on one asset. */
export const KitFindingSchema = z.object({
  /** e.g. `kit.number-mismatch`, `language.forbidden-term`. */
  code: z.string(),
  message: z.string(),
  /** One-click fix: replace `from` with `to` in the asset's text. */
  fix: z.object({ from: z.string(), to: z.string() }).optional(),
});
export type KitFinding = z.infer<typeof KitFindingSchema>;

export const KitStepSchema = z.object({
  id: z.string(),
  cellKey: z.string(),
  personaId: z.string(),
  industryId: z.string(),
  buyingStage: BuyingStageSchema,
  language: KitLanguageSchema,
  asset: KitAssetKindSchema,
  status: KitStepStatusSchema,
  attempts: z.number().int(),
  /** Why the step failed or was skipped. */
  reason: z.string().nullable(),
  contentItemId: z.string().nullable(),
  /** The library item's status (draft, pending_approval, ...) once written. */
  itemStatus: z.string().nullable(),
  qualityScore: z.number().nullable(),
  findings: z.array(KitFindingSchema),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type KitStep = z.infer<typeof KitStepSchema>;

export const KitSchema = z.object({
  id: z.string(),
  briefId: z.string(),
  briefName: z.string(),
  status: KitStatusSchema,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Milliseconds since the kit started (to its end once finished). */
  elapsedMs: z.number().int(),
  /** Milliseconds still expected, from the pace so far; null before the first step ends. */
  estimateMs: z.number().int().nullable(),
  counts: z.record(KitStepStatusSchema, z.number().int()),
  steps: z.array(KitStepSchema),
  /** Shown on the brief when a language cannot be written (the outline writer is English only). */
  notices: z.array(z.string()),
  can: z.object({
    cancel: z.boolean(),
    resume: z.boolean(),
    retry: z.boolean(),
    submit: z.boolean(),
  }),
});
export type Kit = z.infer<typeof KitSchema>;

/** POST /api/kits/:id/submit: submit these steps' items (all done ones when omitted). */
export const KitSubmitBodySchema = z.object({
  stepIds: z.array(z.string()).max(2000).optional(),
});
export const KitSubmitResultSchema = z.object({
  submitted: z.number().int(),
  skipped: z.array(z.object({ stepId: z.string(), reason: z.string() })),
});
export type KitSubmitResult = z.infer<typeof KitSubmitResultSchema>;

/** POST /api/kits/:id/steps/:stepId/fix: apply one of the step's findings' fixes to its item. */
export const KitFixBodySchema = z.object({
  from: z.string().min(1).max(200),
  to: z.string().max(200),
});
export type KitFixBody = z.infer<typeof KitFixBodySchema>;
