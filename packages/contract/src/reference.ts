import { z } from "zod";
import { BUYING_STAGES, CONTENT_TYPES } from "./reference-values";

export {
  BUYING_STAGES,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  INDUSTRY_IDS,
  PERSONA_IDS,
  type BuyingStage,
  type ContentType,
} from "./reference-values";

export const BuyingStageSchema = z.enum(BUYING_STAGES);
export const ContentTypeSchema = z.enum(CONTENT_TYPES);

/** What a persona cares about at each buying stage. */
export const BuyingJourneySchema = z.object({
  awareness: z.object({
    painPoints: z.array(z.string()),
    contentTypes: z.array(z.string()),
    channels: z.array(z.string()),
  }),
  consideration: z.object({
    evaluationCriteria: z.array(z.string()),
    contentTypes: z.array(z.string()),
    channels: z.array(z.string()),
  }),
  decision: z.object({
    stakeholders: z.array(z.string()),
    objections: z.array(z.string()),
    contentTypes: z.array(z.string()),
  }),
});
export type BuyingJourney = z.infer<typeof BuyingJourneySchema>;

export const FormatEffectivenessSchema = z.object({
  format: z.string(),
  /** Effectiveness in percent, 0–100. */
  effectiveness: z.number().min(0).max(100),
});
export type FormatEffectiveness = z.infer<typeof FormatEffectivenessSchema>;

export const PersonaSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  avgAge: z.string(),
  education: z.string(),
  reportingTo: z.string(),
  /** Descriptive only: whether this persona usually signs off the purchase. */
  decisionMaker: z.boolean(),
  /** Descriptive only; present for director-engineering and product-manager. */
  influencer: z.boolean().optional(),
  painPoints: z.array(z.string()),
  goals: z.array(z.string()),
  contentPreferences: z.array(z.string()),
  keyMetrics: z.array(z.string()),
  buyingCommittee: z.array(z.string()),
  buyingJourney: BuyingJourneySchema,
  formatEffectiveness: z.array(FormatEffectivenessSchema),
});
export type Persona = z.infer<typeof PersonaSchema>;

export const IndustrySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** e.g. `$800B+`. */
  marketSize: z.string(),
  engineeringTeamSize: z.string(),
  productionVolume: z.string(),
  keyDrivers: z.array(z.string()),
  topChallenges: z.array(z.string()),
  contentStrategies: z.array(z.string()),
  companies: z.array(z.string()),
});
export type Industry = z.infer<typeof IndustrySchema>;

export const KeyMetricSchema = z.object({ id: z.string(), label: z.string() });
export type KeyMetric = z.infer<typeof KeyMetricSchema>;

export const SolutionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The product the solution belongs to ("" when not set). */
  product: z.string(),
});
export type Solution = z.infer<typeof SolutionSchema>;

/** The vendor's own catalogue: company name, proof-point metrics and featured solutions. */
export const CompanyCatalogSchema = z.object({
  companyName: z.string(),
  /** Short prefix used in solution names, e.g. `MC`. */
  shortPrefix: z.string(),
  /** A short description of the company, given to the writers. */
  description: z.string(),
  keyMetrics: z.array(KeyMetricSchema),
  solutions: z.array(SolutionSchema),
  /** What calls to action may point to, with the buying stages each suits. */
  offers: z.array(
    z.object({ name: z.string(), url: z.string(), stages: z.array(BuyingStageSchema) }),
  ),
});
export type CompanyCatalog = z.infer<typeof CompanyCatalogSchema>;

/** GET /api/buying-stages, /api/industries, /api/personas: the lists. */
export const BuyingStageArraySchema = z.array(BuyingStageSchema);
export const IndustryArraySchema = z.array(IndustrySchema);
export const PersonaArraySchema = z.array(PersonaSchema);
