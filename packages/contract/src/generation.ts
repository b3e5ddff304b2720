import { z } from "zod";
import { ContentProvenanceSchema } from "./content";
import { ContentItemCapabilitiesSchema } from "./content-status";
import { ContentSectionsSchema, QualityReportSchema } from "./quality";
import { BuyingStageSchema, ContentTypeSchema } from "./reference";

export const REQUIRED_FIELDS_MESSAGE =
  "Please select all required fields: persona, industry, buying stage, topic, and content type.";
export const GENERATION_FAILED_MESSAGE = "Content generation failed. Please try again.";

const requiredString = z
  .string({ error: REQUIRED_FIELDS_MESSAGE })
  .trim()
  .min(1, REQUIRED_FIELDS_MESSAGE);

/** POST /api/generate-content. */
export const GenerateContentBodySchema = z.object({
  personaId: requiredString.max(100),
  industryId: requiredString.max(100),
  buyingStage: z.enum(["awareness", "consideration", "decision"], {
    error: REQUIRED_FIELDS_MESSAGE,
  }),
  contentTopic: requiredString.max(500, "The topic must be at most 500 characters."),
  contentType: z.enum(["thought-leadership", "case-study", "technical-guide", "industry-report"], {
    error: REQUIRED_FIELDS_MESSAGE,
  }),
  /** Labels of key metrics; sent only when at least one is chosen. */
  keyMetricsToInclude: z.array(z.string().max(200)).max(10).optional(),
  /** Names of featured solutions; sent only when at least one is chosen. */
  featuredSolutions: z.array(z.string().max(200)).max(10).optional(),
  useBenchmarkExamples: z.boolean().default(true),
  performQualityCheck: z.boolean().default(true),
  autoRefine: z.boolean().default(false),
  /** Optional intent keyword to optimise for. */
  primaryKeyword: z.string().trim().max(100).optional(),
});
export type GenerateContentBody = z.input<typeof GenerateContentBodySchema>;

export const QualityCheckSummarySchema = z.object({
  /** Score of the first draft, 0–1. */
  before: z.number().min(0).max(1),
  /** Score of the kept draft, 0–1. */
  after: z.number().min(0).max(1),
  /** (after − before) / before. */
  improvement: z.number(),
  threshold: z.number(),
  meetsStandards: z.boolean(),
  /** e.g. "Closer to good benchmark examples (0.42) than to bad ones (0.18)." */
  benchmarkComparison: z.string(),
  refinementRounds: z.number().int().min(0).max(2),
  report: QualityReportSchema,
});
export type QualityCheckSummary = z.infer<typeof QualityCheckSummarySchema>;

export const GenerationMetadataSchema = z.object({
  targetIndustry: z.string(),
  targetPersona: z.string(),
  buyingStage: BuyingStageSchema,
  contentType: ContentTypeSchema,
  contentTopic: z.string(),
  // Which model, prompt and examples made it, at what cost: as its stored provenance says.
  ...ContentProvenanceSchema.pick({
    provider: true,
    model: true,
    promptVersion: true,
    exampleIds: true,
    usage: true,
    durationMs: true,
  }).shape,
  imagePrompt: z.string(),
});
export type GenerationMetadata = z.infer<typeof GenerationMetadataSchema>;

export const GeneratedContentSchema = z.object({
  contentItemId: z.string(),
  /** What the caller may do with the stored item (a fresh draft, or the item it came from). */
  can: ContentItemCapabilitiesSchema,
  qualityCheck: QualityCheckSummarySchema.nullable(),
  content: ContentSectionsSchema,
  metadata: GenerationMetadataSchema,
});
export type GeneratedContent = z.infer<typeof GeneratedContentSchema>;

/** Streamed progress events (newline-delimited JSON) of POST /api/generate-content/stream. */
export const GenerationEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("stage"),
    stage: z.enum(["drafting", "checking", "refining", "saving"]),
    round: z.number().int().optional(),
  }),
  z.object({ type: z.literal("delta"), text: z.string() }),
  z.object({ type: z.literal("done"), result: GeneratedContentSchema }),
  z.object({ type: z.literal("error"), message: z.string(), code: z.string() }),
]);
export type GenerationEvent = z.infer<typeof GenerationEventSchema>;

export const ChangeAiProviderBodySchema = z.object({
  provider: z.string().min(1).max(50),
  model: z.string().min(1).max(100),
});
