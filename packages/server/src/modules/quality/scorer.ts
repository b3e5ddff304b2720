/**
 * The deterministic quality check. Each criterion lives in its own file under `criteria/` with
 * its weight and a one-line rationale; the overall score is their weighted sum, capped below the
 * quality standard (QUALITY_GATE_CAP) while any gate finding stands: an unsupported or
 * contradicted claim, off-topic copy, copy for another persona, industry or stage, keyword
 * salad or padding, selling at the wrong stage, or disparaging competitors. Findings are data
 * (`{ code, ...params }`); the contract's `describeFinding` renders them.
 *
 * Vocabularies come from the reference data passed in (every persona and industry), facts from
 * the Proof Library; nothing here knows a particular industry, persona or example.
 */
import {
  isOutlineBody,
  QUALITY_CRITERIA,
  QUALITY_CRITERION_LABELS,
  QUALITY_GATE_CAP,
  type BuyingStage,
  type ContentType,
  type Industry,
  type NearestExample,
  type Persona,
  type QualityCriterion,
  type QualityCriterionId,
  type QualityFinding,
  type QualityReport,
} from "@content-studio/contract";
import { bindClaims, extractClaims, referenceFigures } from "./claims";
import { benchmarkSimilarity } from "./criteria/benchmark-similarity";
import { buyingStageFit } from "./criteria/buying-stage-fit";
import type { Criterion, JudgeReference, JudgeRun } from "./criteria/criterion";
import { evidence } from "./criteria/evidence";
import { industryFit } from "./criteria/industry-fit";
import { personaFit } from "./criteria/persona-fit";
import { READABILITY_TARGET, readability } from "./criteria/readability";
import { structure } from "./criteria/structure";
import { style } from "./criteria/style";
import { substance } from "./criteria/substance";
import { tone } from "./criteria/tone";
import { topicRelevance } from "./criteria/topic-relevance";
import { analyse, illustrativeSentences } from "./document";
import { integrity } from "./integrity";
import { countReadability, fleschKincaidGrade, fleschReadingEase, round } from "./readability";
import { industryTexts, personaTexts, vocabularies } from "./vocabulary";

export { coversItem } from "./criteria/coverage";
export { READABILITY_TARGET } from "./criteria/readability";
export type { JudgeFact } from "./claims";

/** The content to score. The body is sanitised HTML; the other sections are plain text. */
export interface ContentInput {
  headline: string;
  introduction: string;
  body: string;
  conclusion: string;
  persona: Persona;
  industry: Industry;
  buyingStage: BuyingStage;
  contentType: ContentType;
  /** The topic asked for; without it, topic relevance is left out and weights rescale. */
  topic?: string;
  /** Labels of the chosen key metrics. */
  keyMetrics?: readonly string[];
  /** The output language as a BCP 47 tag; "en-US" when not given. */
  language?: string;
  /**
   * What the writer produced: finished copy or an outline from the offline outline writer,
   * which is reported as an outline (`outline_draft`) and never meets the standard. Read from
   * the body's outline structure when not given, so an outline stays one until written out.
   */
  draftKind?: "copy" | "outline";
}

/** Reference data, facts and examples the check scores against. */
export type ScoringContext = JudgeReference;

/** The criteria, in report order. Weights sum to 1. */
export const CRITERIA: Record<QualityCriterionId, Criterion> = {
  structure,
  topicRelevance,
  personaFit,
  industryFit,
  buyingStageFit,
  substance,
  evidence,
  readability,
  style,
  tone,
  benchmarkSimilarity,
};

export const CRITERION_WEIGHTS = Object.fromEntries(
  QUALITY_CRITERIA.map((id) => [id, CRITERIA[id].weight]),
) as Record<QualityCriterionId, number>;

/** Most findings in the report's summary list. */
const TOP_FINDINGS = 8;

/** Scores content. Pure and deterministic: same input, same report. */
export function scoreContent(input: ContentInput, reference: ScoringContext): QualityReport {
  const doc = analyse(input);
  const counts = countReadability(doc.plain);
  const personas = reference.personas.some((p) => p.id === input.persona.id)
    ? reference.personas
    : [...reference.personas, input.persona];
  const industries = reference.industries.some((i) => i.id === input.industry.id)
    ? reference.industries
    : [...reference.industries, input.industry];
  const companies = industries.flatMap((i) => i.companies);
  const claims = bindClaims(
    extractClaims(doc.sections, {
      companyNames: companies,
      ownNames: [reference.catalog.companyName, ...reference.catalog.solutions.map((s) => s.name)],
      illustrative: illustrativeSentences(doc),
    }),
    reference.facts,
    {
      industryId: input.industry.id,
      referenceFigures: referenceFigures([
        input.industry.marketSize,
        ...industryTexts(input.industry),
        ...personaTexts(input.persona),
      ]),
      referenceLabel: `Reference data: ${input.industry.name}, ${input.persona.title}`,
    },
  );
  const run: JudgeRun = {
    doc,
    brief: {
      persona: input.persona,
      industry: input.industry,
      buyingStage: input.buyingStage,
      contentType: input.contentType,
      topic: input.topic,
      keyMetrics: input.keyMetrics ?? [],
      language: input.language,
    },
    reference: { ...reference, personas, industries },
    vocab: vocabularies(industries, personas),
    claims,
    counts,
  };

  const results = QUALITY_CRITERIA.map((id) => ({ id, result: CRITERIA[id].score(run) }));
  // Criteria that could not be measured give their weight to the others, in proportion.
  const measuredWeight = results.reduce(
    (sum, r) => sum + (r.result.measured === false ? 0 : CRITERIA[r.id].weight),
    0,
  );
  const criteria: QualityCriterion[] = results.map(({ id, result }) => ({
    id,
    label: QUALITY_CRITERION_LABELS[id],
    score: round(clamp(result.score), 3),
    weight: result.measured === false ? 0 : round(CRITERIA[id].weight / measuredWeight, 4),
    rationale: CRITERIA[id].rationale,
    findings: result.findings,
  }));
  const uncapped = round(clamp(criteria.reduce((sum, c) => sum + c.weight * c.score, 0)), 3);
  const outline =
    (input.draftKind ?? (isOutlineBody(input.body) ? "outline" : "copy")) === "outline";
  // An outline is reported as one: the whole-piece checks of finished copy (repetition,
  // generic copy, …) would only describe its outline form.
  const whole = outline ? { gates: [], findings: [] } : integrity(run);
  const gates = [
    ...(outline ? [{ code: "outline_draft" as const }] : []),
    ...whole.gates,
    ...results.flatMap((r) => r.result.gates ?? []),
  ];
  const cappedBy = [...new Set(gates.map((g) => g.code))];
  // Compressing (rather than clipping) keeps the order of capped drafts: a better capped
  // draft still scores higher. Auto-refine treats any capped draft as one to refine.
  const overall =
    gates.length > 0
      ? round(Math.min(uncapped, QUALITY_GATE_CAP * (0.85 + 0.15 * uncapped)), 3)
      : uncapped;
  const nearest = (results.find((r) => r.id === "benchmarkSimilarity")?.result.extra ??
    []) as NearestExample[];

  return boundedText({
    overall,
    uncapped,
    cappedBy,
    criteria,
    readability: {
      words: counts.words,
      sentences: counts.sentences,
      syllables: counts.syllables,
      fleschReadingEase: round(fleschReadingEase(counts), 2),
      fleschKincaidGrade: round(fleschKincaidGrade(counts), 2),
      targetGrade: { ...READABILITY_TARGET.grade },
      targetEase: { ...READABILITY_TARGET.ease },
    },
    nearestExamples: nearest.map((n) => ({ ...n, similarity: round(n.similarity, 3) })),
    claims,
    findings: topFindings(criteria, [...gates, ...whole.findings]),
  });
}

/** The contract's longest text field in a report (finding parameters, claim sentences). */
const MAX_REPORT_TEXT = 2_000;

/**
 * The report with every string cut to what the contract allows: parameters quote the piece, and
 * hostile input (a 2,500-character "word") must give a report, never a failed response.
 */
function boundedText<T>(value: T): T {
  if (typeof value === "string") {
    return (value.length > MAX_REPORT_TEXT
      ? `${value.slice(0, MAX_REPORT_TEXT - 1)}…`
      : value) as unknown as T;
  }
  if (Array.isArray(value)) return value.map(boundedText) as unknown as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, boundedText(v)]),
    ) as unknown as T;
  }
  return value;
}

/** Gate findings first, then each criterion's first finding by expected gain, then the second ones. */
function topFindings(criteria: QualityCriterion[], gates: QualityFinding[]): QualityFinding[] {
  const out: QualityFinding[] = [];
  const key = (f: QualityFinding) => JSON.stringify(f);
  const seen = new Set<string>();
  const push = (f: QualityFinding) => {
    if (out.length >= TOP_FINDINGS || seen.has(key(f))) return;
    seen.add(key(f));
    out.push(f);
  };
  for (const g of gates) push(g);
  const ranked = criteria
    .map((c, order) => ({ c, gain: c.weight * (1 - c.score), order }))
    .filter((r) => r.gain > 0.001 && r.c.findings.length > 0)
    .sort((a, b) => b.gain - a.gain || a.order - b.order);
  for (let i = 0; i < 2; i++) for (const r of ranked) if (r.c.findings[i]) push(r.c.findings[i]!);
  return out;
}

function clamp(n: number): number {
  return Math.min(1, Math.max(0, n));
}
