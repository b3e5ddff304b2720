import type {
  BuyingStage,
  CompanyCatalog,
  ContentType,
  Industry,
  Persona,
  QualityClaim,
  QualityCriterionId,
  QualityFinding,
} from "@content-studio/contract";
import type { JudgeFact } from "../claims";
import type { Doc } from "../document";
import type { ReadabilityCounts } from "../readability";
import type { SimilarityIndex } from "../similarity";
import type { Vocabularies } from "../vocabulary";

/** What a piece is scored for. */
export interface JudgeBrief {
  persona: Persona;
  industry: Industry;
  buyingStage: BuyingStage;
  contentType: ContentType;
  /** The topic asked for; without it, topic relevance is not measured. */
  topic?: string;
  /** Labels of the chosen key metrics. */
  keyMetrics: readonly string[];
  /** The output language as a BCP 47 tag ("en-US" when not given). */
  language?: string;
}

/** Everything besides the draft and the brief: reference data, facts, examples. */
export interface JudgeReference {
  catalog: CompanyCatalog;
  bannedPhrases: readonly string[];
  /** Every persona and industry in the reference data (the vocabularies come from them). */
  personas: readonly Persona[];
  industries: readonly Industry[];
  /** Approved facts (expired ones included, flagged), that claims bind to. */
  facts: readonly JudgeFact[];
  /** Benchmark examples; without any, the similarity criterion is left out and weights rescale. */
  index?: SimilarityIndex;
  /** Leave-one-out: the example being scored is not its own neighbour. */
  excludeExampleId?: string;
  /** The Library's items, for the duplicate gate (see integrity.ts). */
  library?: SimilarityIndex;
  /** Items a piece may restate: itself (an earlier version) and the items duplicated from it or it from. */
  excludeLibraryIds?: readonly string[];
}

/** What one scoring run shares between criteria. */
export interface JudgeRun {
  doc: Doc;
  brief: JudgeBrief;
  reference: JudgeReference;
  vocab: Vocabularies;
  claims: QualityClaim[];
  counts: ReadabilityCounts & { sentenceLengths: number[] };
}

export interface CriterionResult {
  /** 0–1. */
  score: number;
  findings: QualityFinding[];
  /** Findings that cap the overall score below the standard, whatever the other criteria say. */
  gates?: QualityFinding[];
  /** False when the criterion could not be measured (its weight goes to the others). */
  measured?: boolean;
  /** Extra data the report carries (nearest examples). */
  extra?: unknown;
}

/** One criterion of the check: its weight in the overall score and why it counts. */
export interface Criterion {
  id: QualityCriterionId;
  /** Share of the overall score (all weights sum to 1). */
  weight: number;
  /** Why the criterion counts, in one line (shown with the score). */
  rationale: string;
  score(run: JudgeRun): CriterionResult;
}

export function clamp(n: number): number {
  return Math.min(1, Math.max(0, n));
}

/** Most characters an excerpt keeps, whatever its words (a "word" may be thousands long). */
const EXCERPT_CHARS = 300;

export function excerpt(text: string, words: number): string {
  const parts = text.split(/\s+/);
  const cut = parts.slice(0, words).join(" ");
  if (cut.length > EXCERPT_CHARS) return `${cut.slice(0, EXCERPT_CHARS)}…`;
  return cut + (parts.length > words ? "…" : "");
}

export function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
