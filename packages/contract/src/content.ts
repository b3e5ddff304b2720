import { z } from "zod";
import { AiProviderIdSchema } from "./ai";
import { IntentDataSchema } from "./audience";
import { ExampleCategorySchema } from "./examples";
import { ContentSectionsSchema, QualityClaimSchema, QualityReportSchema } from "./quality";
import { BUYING_STAGES, BuyingJourneySchema, IndustrySchema, PersonaSchema } from "./reference";

/** Channel limits of "Repurpose" (characters; X counts every link as 23). */
export const REPURPOSE_LIMITS = {
  linkedin: 3000,
  x: 280,
  xUrlLength: 23,
  emailSubject: 60,
  emailSubjects: 3,
  newsletter: 600,
} as const;

/** Longest suggested meta description. */
export const META_DESCRIPTION_MAX = 160;

/** Where a stored piece of content came from: which model, prompt and examples, at what cost. */
export const ContentProvenanceSchema = z.object({
  provider: AiProviderIdSchema,
  model: z.string(),
  promptVersion: z.string(),
  /** Ids of the benchmark examples put into the prompt. */
  exampleIds: z.array(z.string()),
  /** Tokens over every call of the generation (draft and refinements). */
  usage: z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() }),
  /** Wall-clock time of the whole pipeline, in milliseconds. */
  durationMs: z.number().int(),
  refinementRounds: z.number().int().min(0).max(2),
  /** The editor's review of the stored draft: its own tokens and time (absent before it existed). */
  review: z
    .object({
      status: z.enum(["done", "failed", "off"]),
      tokens: z.object({ input: z.number().int(), output: z.number().int() }),
      durationMs: z.number().int(),
    })
    .optional(),
});
export type ContentProvenance = z.infer<typeof ContentProvenanceSchema>;

/** An infographic or image made for a content item. */
export const VisualizationSchema = z.object({
  /** svg: `data` is SVG text; png: `data` is base64. */
  kind: z.enum(["svg", "png"]),
  mime: z.enum(["image/svg+xml", "image/png"]),
  data: z.string(),
  prompt: z.string(),
  /** builtin = the server's own SVG renderer; openai = OpenAI's image model. */
  source: z.enum(["builtin", "openai"]),
  /** Why the built-in renderer was used instead of the image model, when it was a fallback. */
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type Visualization = z.infer<typeof VisualizationSchema>;

/** Social and email variations of a content item, within each channel's limit. */
export const ContentVariationsSchema = z.object({
  /** At most 3,000 characters. */
  linkedin: z.string(),
  /** At most 280 characters, a link counting 23. */
  x: z.string(),
  /** Exactly 3 subject lines of at most 60 characters. */
  emailSubjects: z.array(z.string()),
  /** At most 600 characters. */
  newsletter: z.string(),
  /** 1 for the first set; each "Regenerate Variations" adds one. */
  variation: z.number().int().min(1),
  provider: AiProviderIdSchema,
  model: z.string(),
  createdAt: z.string(),
});
export type ContentVariations = z.infer<typeof ContentVariationsSchema>;

/** The id of a content item in a path (/api/audience/content/:id/…). */
export const ContentIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const ContentSectionIdSchema = z.enum(["headline", "introduction", "body", "conclusion"]);
export type ContentSectionId = z.infer<typeof ContentSectionIdSchema>;

/** POST /api/library/:id/optimize. */
export const OptimizeContentBodySchema = z.object({
  /** Keyword to work into the headline, introduction and a subheading. */
  primaryKeyword: z.string().trim().max(100).optional(),
});
export type OptimizeContentBody = z.infer<typeof OptimizeContentBodySchema>;

/** One refinement round, not saved: keep it with PUT /api/library/:id or discard it. */
export const OptimizeContentResultSchema = z.object({
  candidate: ContentSectionsSchema,
  before: QualityReportSchema,
  after: QualityReportSchema,
  /**
   * Claims the refinement added that no approved fact supports; when there are any the
   * refinement is rejected and the candidate is the unchanged draft.
   */
  rejectedClaims: z.array(QualityClaimSchema).optional(),
  /** The sections that changed. */
  diff: z.array(
    z.object({ section: ContentSectionIdSchema, before: z.string(), after: z.string() }),
  ),
  /** Why nothing changed, when the diff is empty. */
  note: z.string().nullable().optional(),
});
export type OptimizeContentResult = z.infer<typeof OptimizeContentResultSchema>;

/** POST /api/seo-analysis. */
export const SeoAnalysisBodySchema = ContentSectionsSchema.extend({
  /** Defaults to a short noun phrase derived from the topic (or the headline). */
  primaryKeyword: z.string().trim().max(100).optional(),
  topic: z.string().trim().max(500).optional(),
});
export type SeoAnalysisBody = z.infer<typeof SeoAnalysisBodySchema>;

export const SeoAnalysisSchema = z.object({
  keyword: z.string(),
  inHeadline: z.boolean(),
  inIntroduction: z.boolean(),
  /** h2/h3 subheadings of the body that contain the keyword, of all of them. */
  inSubheadings: z.object({ count: z.number().int(), total: z.number().int() }),
  /** Words belonging to keyword occurrences, in percent of all words. */
  density: z.number(),
  /** At most 160 characters, cut at a sentence or word boundary. */
  suggestedMetaDescription: z.string().max(META_DESCRIPTION_MAX),
  /** Flesch–Kincaid grade level of the whole text. */
  readabilityGrade: z.number(),
});
export type SeoAnalysis = z.infer<typeof SeoAnalysisSchema>;

/** POST /api/library/:id/visualize. */
export const VisualizeBodySchema = z.object({
  /** Defaults to the item's stored image prompt. */
  imagePrompt: z.string().trim().min(1).max(2000).optional(),
});
export type VisualizeBody = z.infer<typeof VisualizeBodySchema>;

/** POST /api/library/:id/repurpose. */
export const RepurposeBodySchema = z.object({
  /** Which variation to write; defaults to the next one after the saved set. */
  variation: z.number().int().min(1).max(1000).optional(),
});
export type RepurposeBody = z.infer<typeof RepurposeBodySchema>;

/** POST /api/library/:id/save-as-example. */
export const SaveAsExampleBodySchema = z.object({
  category: ExampleCategorySchema,
  notes: z.string().trim().max(5000).default(""),
  /** Defaults to the content item's title. */
  title: z.string().trim().min(1).max(200).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
});
export type SaveAsExampleBody = z.input<typeof SaveAsExampleBodySchema>;

/** GET /api/content-generation-data: all three are required. */
export const ContentGenerationDataQuerySchema = z.object({
  personaId: z.string({ error: "Select a persona." }).trim().min(1, "Select a persona.").max(100),
  industryId: z
    .string({ error: "Select an industry." })
    .trim()
    .min(1, "Select an industry.")
    .max(100),
  buyingStage: z.enum(BUYING_STAGES, { error: "Select a buying stage." }),
});
export type ContentGenerationDataQuery = z.infer<typeof ContentGenerationDataQuerySchema>;

/** The persona's journey at one stage, with the stage id. */
export const StageJourneySchema = z.discriminatedUnion("stage", [
  BuyingJourneySchema.shape.awareness.extend({ stage: z.literal("awareness") }),
  BuyingJourneySchema.shape.consideration.extend({ stage: z.literal("consideration") }),
  BuyingJourneySchema.shape.decision.extend({ stage: z.literal("decision") }),
]);
export type StageJourney = z.infer<typeof StageJourneySchema>;

/** Audience-data response. */
export const ContentGenerationDataSchema = z.object({
  selectedPersona: PersonaSchema,
  selectedIndustry: IndustrySchema,
  buyingJourney: StageJourneySchema,
  /** Account intent data of the selected industry from the intent store; null when it has none. */
  sixsenseData: IntentDataSchema.nullable(),
  /** Whether the caller may generate content. */
  can: z.object({ generate: z.boolean() }),
});
export type ContentGenerationData = z.infer<typeof ContentGenerationDataSchema>;
