import { z } from "zod";
import { AiProviderIdSchema } from "./ai";
import { SettingsCapabilitiesSchema } from "./auth";
import { BuyingStageSchema, ContentTypeSchema } from "./reference";

import { ClaimKindSchema, QualityFindingSchema } from "./quality-findings";

/** The criteria of the quality check, in display order. */
export const QUALITY_CRITERIA = [
  "structure",
  "topicRelevance",
  "personaFit",
  "industryFit",
  "buyingStageFit",
  "substance",
  "evidence",
  "readability",
  "style",
  "tone",
  "benchmarkSimilarity",
] as const;
export const QualityCriterionIdSchema = z.enum(QUALITY_CRITERIA);
export type QualityCriterionId = z.infer<typeof QualityCriterionIdSchema>;

export const QUALITY_CRITERION_LABELS: Record<QualityCriterionId, string> = {
  structure: "Structure",
  topicRelevance: "Topic relevance",
  personaFit: "Persona fit",
  industryFit: "Industry fit",
  buyingStageFit: "Buying-stage fit",
  substance: "Substance",
  evidence: "Evidence",
  readability: "Readability",
  style: "Style",
  tone: "Tone",
  benchmarkSimilarity: "Benchmark similarity",
};

/**
 * The highest overall score a draft can have while a gate finding stands (an unsupported or
 * contradicted claim, off-topic copy, copy for another audience or stage, keyword salad,
 * hard sell at awareness, disparaging competitors): below the 0.7 quality standard.
 */
export const QUALITY_GATE_CAP = 0.69;

export const QualityCriterionSchema = z.object({
  id: QualityCriterionIdSchema,
  label: z.string(),
  /** 0–1. */
  score: z.number().min(0).max(1),
  /** Share of the overall score, 0–1; weights sum to 1. */
  weight: z.number().min(0).max(1),
  /** Why the criterion counts, in one line. */
  rationale: z.string(),
  /** Problems found, as data (render with describeFinding); empty when nothing is wrong. */
  findings: z.array(QualityFindingSchema),
});
export type QualityCriterion = z.infer<typeof QualityCriterionSchema>;

export const NearestExampleSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(["good", "bad"]),
  /** Cosine similarity of TF-IDF vectors, 0–1. */
  similarity: z.number().min(0).max(1),
});
export type NearestExample = z.infer<typeof NearestExampleSchema>;

export const ReadabilitySchema = z.object({
  words: z.number().int(),
  sentences: z.number().int(),
  syllables: z.number().int(),
  fleschReadingEase: z.number(),
  fleschKincaidGrade: z.number(),
  /** Target Flesch–Kincaid grade band for engineering executives. */
  targetGrade: z.object({ min: z.number(), max: z.number() }),
  /** Target Flesch reading-ease band for engineering executives (always sent by the server). */
  targetEase: z.object({ min: z.number(), max: z.number() }).optional(),
});
export type Readability = z.infer<typeof ReadabilitySchema>;

export const CLAIM_STATUSES = [
  "supported",
  "unsupported",
  "contradicted",
  "misattributed",
  "expired",
  "unsourced",
] as const;
export const ClaimStatusSchema = z.enum(CLAIM_STATUSES);
export type ClaimStatus = z.infer<typeof ClaimStatusSchema>;

/** A claim found in the copy and what it was bound to. */
export const QualityClaimSchema = z.object({
  kind: ClaimKindSchema,
  /** The claim as written, e.g. "35-45% fewer engineering change orders". */
  text: z.string(),
  /** The sentence it stands in. */
  sentence: z.string(),
  section: z.enum(["headline", "introduction", "body", "conclusion"]),
  status: ClaimStatusSchema,
  /** The approved fact the claim was bound to (or contradicts); null when none. */
  factId: z.string().nullable(),
  /** That fact's statement, or the reference data the figure comes from. */
  source: z.string().nullable(),
  /** For a misattributed claim: what differs from the fact it borrows the figure of. */
  differs: z.enum(["subject", "direction", "metric"]).optional(),
});
export type QualityClaim = z.infer<typeof QualityClaimSchema>;

/**
 * The editor's review: a rubric-based reading of the piece by the configured AI model, on top
 * of the deterministic check. Its criteria, in display order.
 */
export const EDITOR_REVIEW_CRITERIA = [
  "usefulness",
  "specificity",
  "argument",
  "audienceFit",
  "clarity",
  "honesty",
] as const;
export const EditorReviewCriterionIdSchema = z.enum(EDITOR_REVIEW_CRITERIA);
export type EditorReviewCriterionId = z.infer<typeof EditorReviewCriterionIdSchema>;

export const EDITOR_REVIEW_CRITERION_LABELS: Record<EditorReviewCriterionId, string> = {
  usefulness: "Usefulness to the reader",
  specificity: "Specificity and evidence",
  argument: "Argument and structure",
  audienceFit: "Fit to industry and buying stage",
  clarity: "Clarity",
  honesty: "Honesty of claims",
};

/**
 * Share of the overall score the editor's review carries when no gate caps the piece:
 * overall = 0.6 × the deterministic score + 0.4 × the review's score.
 */
export const EDITOR_REVIEW_WEIGHT = 0.4;

/** A review score below this judges the piece poor: the overall is capped below the standard. */
export const EDITOR_REVIEW_POOR = 0.5;

export const EditorReviewCriterionSchema = z.object({
  id: EditorReviewCriterionIdSchema,
  label: z.string(),
  /** 0–1 (the model answers 1–5; 1 → 0, 5 → 1). */
  score: z.number().min(0).max(1),
  /** Short quotes from the piece, each found verbatim in it (others are dropped). */
  evidence: z.array(z.string()),
  comment: z.string(),
});
export type EditorReviewCriterion = z.infer<typeof EditorReviewCriterionSchema>;

export const EditorReviewSchema = z.object({
  /** done: combined into the score; failed: the score is the automatic check's alone; off: not run. */
  status: z.enum(["done", "failed", "off"]),
  provider: AiProviderIdSchema.nullable(),
  model: z.string().nullable(),
  /** The mean of the criteria, 0–1; null unless done. */
  score: z.number().min(0).max(1).nullable(),
  criteria: z.array(EditorReviewCriterionSchema),
  tokens: z.object({ input: z.number().int(), output: z.number().int() }),
  durationMs: z.number().int(),
  /** Evidence quotes the model gave that do not occur in the piece (dropped). */
  droppedQuotes: z.number().int(),
  /** Why the review failed or is off, safe to show; null when done. */
  message: z.string().nullable(),
});
export type EditorReview = z.infer<typeof EditorReviewSchema>;

/** Deterministic, explainable score of one piece of content. */
export const QualityReportSchema = z.object({
  /**
   * 0–1: the weighted sum of the criteria, capped below the standard by any gate finding;
   * with a completed editor's review, blended with it (see EDITOR_REVIEW_WEIGHT).
   */
  overall: z.number().min(0).max(1),
  /** The weighted sum before any cap. */
  uncapped: z.number().min(0).max(1),
  /** The deterministic check's own overall, kept when an editor's review was blended in. */
  deterministic: z.number().min(0).max(1).optional(),
  /** The editor's review by the AI model (absent in reports stored before it existed). */
  review: EditorReviewSchema.optional(),
  /** Codes of the findings that capped the overall score (empty when none did). */
  cappedBy: z.array(z.string()),
  criteria: z.array(QualityCriterionSchema),
  readability: ReadabilitySchema,
  nearestExamples: z.array(NearestExampleSchema),
  /** Every claim found, each bound to an approved fact or not. */
  claims: z.array(QualityClaimSchema),
  /** The most useful findings across criteria, biggest expected gain first. */
  findings: z.array(QualityFindingSchema),
});
export type QualityReport = z.infer<typeof QualityReportSchema>;

export const ContentSectionsSchema = z.object({
  headline: z.string().trim().min(1, "Headline is required.").max(300),
  introduction: z.string().trim().min(1, "Introduction is required.").max(20_000),
  /** HTML (sanitised on the server). */
  body: z.string().trim().min(1, "Body is required.").max(200_000),
  conclusion: z.string().trim().min(1, "Conclusion is required.").max(20_000),
});
export type ContentSections = z.infer<typeof ContentSectionsSchema>;

/** POST /api/quality-check: score content without storing it. */
export const QualityCheckBodySchema = ContentSectionsSchema.extend({
  personaId: z.string().min(1).max(100),
  industryId: z.string().min(1).max(100),
  buyingStage: BuyingStageSchema,
  contentType: ContentTypeSchema,
  /** Labels of the chosen key metrics (company proof points). */
  keyMetricsToInclude: z.array(z.string().max(200)).max(20).optional(),
  /** The topic the copy was written on; without it, topic relevance is not measured. */
  contentTopic: z.string().trim().min(1).max(500).optional(),
});
export type QualityCheckBody = z.infer<typeof QualityCheckBodySchema>;

/** Banned phrases and clichés that the style criterion penalises (admins edit the list). */
export const DEFAULT_BANNED_PHRASES = [
  "synergy",
  "synergies",
  "game-changing",
  "game changer",
  "revolutionary",
  "revolutionize",
  "cutting-edge",
  "bleeding-edge",
  "best-in-class",
  "world-class",
  "next-generation",
  "paradigm shift",
  "leverage",
  "unlock the power",
  "unleash",
  "seamless",
  "seamlessly",
  "robust solution",
  "holistic",
  "empower",
  "in today's fast-paced world",
  "in today's competitive landscape",
  "ever-evolving landscape",
  "ever-changing landscape",
  "delve",
  "tapestry",
  "it's important to note",
  "it is important to note",
  "in conclusion",
  "look no further",
  "take it to the next level",
  "buy now",
  "limited-time",
  "act now",
  "don't miss out",
  // Unsupported superlatives.
  "industry-leading",
  "number one",
  "unmatched",
  "unbeatable",
  "second to none",
  "best-of-breed",
  // Clichés and filler.
  "ahead of the curve",
  "move the needle",
  "think outside the box",
  "at the end of the day",
  "single pane of glass",
  "mission-critical",
  "frictionless",
  "supercharge",
  "effortless",
  "effortlessly",
  "harness the power",
  "don't get left behind",
  "what are you waiting for",
  // Typical AI-sounding phrases.
  "it is worth noting",
  "it's worth noting",
  "navigate the complexities",
  "pave the way",
  "embark on",
  "multifaceted",
  "pivotal role",
  "plays a vital role",
  "one-size-fits-all",
  "transformative journey",
  "in the realm of",
  "a testament to",
] as const;

export const BannedPhrasesSchema = z.object({
  phrases: z.array(z.string().trim().min(2).max(80)).max(500),
});
export type BannedPhrases = z.infer<typeof BannedPhrasesSchema>;

/** GET/PUT /api/settings/banned-phrases answer. */
export const BannedPhrasesResponseSchema = BannedPhrasesSchema.extend({
  can: SettingsCapabilitiesSchema,
});
export type BannedPhrasesResponse = z.infer<typeof BannedPhrasesResponseSchema>;
