/**
 * The deterministic quality check: eight criteria, each 0–1 with findings (what was measured)
 * and suggestions (what to change), combined by fixed weights into an overall 0–1.
 *
 * - structure: headline 6–20 words, introduction 30–130, body 250–1,800, conclusion 15–90,
 *   at least two subheadings, no paragraph over 120 words, a list for parallel points.
 * - personaFit: the persona's pain points, goals and key metrics addressed (an item counts when
 *   most of its distinctive words appear), and the reader's role named.
 * - industryFit: the industry named, its vocabulary and its challenges/drivers used; terms that
 *   mark another industry (copy-paste) subtract.
 * - buyingStageFit: the call to action (conclusion and last paragraph) matches the stage's
 *   lexicon; hard-sell terms subtract (most at awareness); the persona's stage concerns
 *   (awareness pains, evaluation criteria, decision objections) and stage signals in the body.
 * - specificity: figure density, chosen key metrics used (or any proof point when none is
 *   chosen), and statistics outside the chosen metrics' and proof points' ranges listed as
 *   unsupported (implausible ones, e.g. "1,000% ROI", subtract more).
 * - readability: Flesch–Kincaid grade and Flesch reading ease against READABILITY_TARGET, and
 *   sentence length.
 * - style: banned phrases (admin list), exclamation marks, unfilled placeholders, misspelt
 *   company or product names, vendor-centric "we/our" copy.
 * - benchmarkSimilarity: TF-IDF cosine to the nearest good versus bad examples.
 */
import {
  BUYING_STAGES,
  QUALITY_CRITERIA,
  QUALITY_CRITERION_LABELS,
  type BuyingStage,
  type CompanyCatalog,
  type ContentType,
  type Industry,
  type NearestExample,
  type Persona,
  type QualityCriterion,
  type QualityCriterionId,
  type QualityReport,
} from "@content-studio/contract";
import {
  HARD_SELL,
  INDUSTRY_MARKERS,
  INDUSTRY_TERMS,
  PERSONA_ALIASES,
  PRESSURE_TACTICS,
  ACTION_CUES,
  STAGE_BODY_SIGNALS,
  STAGE_CTA,
} from "./lexicons";
import { PhraseMatcher, matcherFor } from "./phrases";
import { countReadability, fleschKincaidGrade, fleschReadingEase, round } from "./readability";
import type { SimilarityIndex } from "./similarity";
import {
  countFigures,
  extractStatistics,
  isImplausible,
  parseMetric,
  withinRange,
  type MetricRange,
  type Statistic,
} from "./statistics";
import {
  countWords,
  escapeRegExp,
  htmlBlocks,
  normaliseForMatch,
  stem,
  stripTags,
  tokenize,
  type TextBlock,
} from "./text";

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
  /** Labels of the chosen key metrics (usually catalogue proof points). */
  keyMetrics?: readonly string[];
}

export interface ScoringContext {
  /** The vendor's catalogue: its key metrics are the proof points statistics are checked against. */
  catalog: CompanyCatalog;
  bannedPhrases: readonly string[];
  /** Benchmark examples; without any, the similarity criterion is left out and weights rescale. */
  index?: SimilarityIndex;
  /** Leave-one-out: the example being scored is not its own neighbour. */
  excludeExampleId?: string;
}

/**
 * Share of each criterion in the overall score (sums to 1). Style, specificity and stage fit
 * carry the most because they are what separates credible B2B content from filler; readability
 * carries the least because a good piece can sit just outside the band.
 */
export const CRITERION_WEIGHTS: Record<QualityCriterionId, number> = {
  structure: 0.12,
  personaFit: 0.14,
  industryFit: 0.1,
  buyingStageFit: 0.14,
  specificity: 0.16,
  readability: 0.08,
  style: 0.16,
  benchmarkSimilarity: 0.1,
};

/**
 * Readability band for engineering executives: Flesch–Kincaid grade 9–14 (a college-educated
 * reader skimming between meetings; the shipped good examples sit around 12–15) and Flesch
 * reading ease 25–60 ("fairly difficult" to "difficult"; technical vocabulary keeps B2B
 * writing below 60, and under 25 is academic-paper dense).
 */
export const READABILITY_TARGET = {
  grade: { min: 9, max: 14 },
  ease: { min: 25, max: 60 },
  /** Average words per sentence above which a piece reads as run-on. */
  maxAverageSentence: 25,
} as const;

/** Statistics examined per piece (a real one has a few dozen; this bounds hostile input). */
const MAX_STATISTICS = 200;

/** Number of nearest examples returned, and averaged per category for the similarity score. */
const NEAREST_K = 5;
const CONTRAST_K = 3;

type SectionName = "headline" | "introduction" | "body" | "conclusion";

interface Analysed {
  sections: { name: SectionName; text: string }[];
  headline: string;
  introduction: string;
  conclusion: string;
  blocks: TextBlock[];
  bodyText: string;
  /** All sections, one line per heading, paragraph or list item. */
  plain: string;
  /** `plain`, normalised for phrase matching. */
  match: string;
  /** The body alone, normalised for phrase matching. */
  bodyMatch: string;
  tokens: string[];
  stems: Set<string>;
}

interface CriterionResult {
  score: number;
  findings: string[];
  suggestions: string[];
}

/** Stems too common in this domain to show that a specific pain point or goal is addressed. */
const GENERIC_STEMS = new Set(
  [
    "cost",
    "costs",
    "product",
    "engineering",
    "engineer",
    "design",
    "team",
    "time",
    "program",
    "data",
    "process",
    "work",
    "use",
    "make",
    "need",
    "company",
    "business",
    "value",
    "new",
    "already",
    "across",
    "every",
  ].map(stem),
);

const lexiconMatchers = {
  cta: Object.fromEntries(BUYING_STAGES.map((s) => [s, new PhraseMatcher(STAGE_CTA[s])])) as Record<
    BuyingStage,
    PhraseMatcher
  >,
  body: Object.fromEntries(
    BUYING_STAGES.map((s) => [s, new PhraseMatcher(STAGE_BODY_SIGNALS[s])]),
  ) as Record<BuyingStage, PhraseMatcher>,
  hardSell: new PhraseMatcher(HARD_SELL),
  pressure: new PhraseMatcher(PRESSURE_TACTICS),
  action: new PhraseMatcher(ACTION_CUES),
};

/** Scores content on eight criteria. Pure and deterministic: same input, same report. */
export function scoreContent(input: ContentInput, context: ScoringContext): QualityReport {
  const doc = analyse(input);
  const counts = countReadability(doc.plain);
  const statistics = doc.sections
    .flatMap((s) => extractStatistics(s.text).map((stat) => ({ ...stat, section: s.name })))
    .slice(0, MAX_STATISTICS);
  const chosen = (input.keyMetrics ?? []).map(parseMetric).filter((m) => m !== undefined);
  const proofPoints = context.catalog.keyMetrics
    .map((m) => parseMetric(m.label))
    .filter((m) => m !== undefined);
  const allowed = [...chosen, ...proofPoints];
  const supportedCurrency = new Set([normaliseFigure(input.industry.marketSize)]);
  const unsupported = statistics.filter(
    (s) =>
      !allowed.some((m) => withinRange(s, m)) &&
      !(s.kind === "currency" && supportedCurrency.has(normaliseFigure(s.figure))),
  );
  const bannedCounts = matcherFor(context.bannedPhrases).count(doc.match);

  const neighbours =
    context.index && context.index.size > 0
      ? context.index.neighbours(doc.tokens, NEAREST_K, context.excludeExampleId)
      : undefined;

  const results: Record<QualityCriterionId, CriterionResult> = {
    structure: scoreStructure(doc),
    personaFit: scorePersonaFit(doc, input.persona),
    industryFit: scoreIndustryFit(doc, input.industry),
    buyingStageFit: scoreBuyingStage(doc, input.persona, input.buyingStage),
    specificity: scoreSpecificity(doc, statistics, unsupported, chosen, proofPoints, counts.words),
    readability: scoreReadability(counts),
    style: scoreStyle(doc, bannedCounts, context.catalog),
    benchmarkSimilarity: scoreSimilarity(neighbours, context.index, context.excludeExampleId),
  };

  const weights = { ...CRITERION_WEIGHTS };
  if (!neighbours) {
    // Nothing to compare with: the other criteria share its weight in proportion.
    const rest = 1 - weights.benchmarkSimilarity;
    for (const id of QUALITY_CRITERIA)
      weights[id] = id === "benchmarkSimilarity" ? 0 : weights[id] / rest;
  }

  const criteria: QualityCriterion[] = QUALITY_CRITERIA.map((id) => ({
    id,
    label: QUALITY_CRITERION_LABELS[id],
    score: round(clamp(results[id].score), 3),
    weight: round(weights[id], 4),
    findings: results[id].findings,
    suggestions: results[id].suggestions,
  }));
  const overall = round(clamp(criteria.reduce((sum, c) => sum + weights[c.id] * c.score, 0)), 3);

  return {
    overall,
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
    nearestExamples: (neighbours?.overall ?? []).map((n) => ({
      ...n,
      similarity: round(n.similarity, 3),
    })),
    unsupportedClaims: unsupported.map((s) => ({ text: s.text, section: s.section })),
    bannedPhrasesFound: [...bannedCounts.keys()],
    suggestions: topSuggestions(criteria, weights),
  };
}

// ---------------------------------------------------------------------------------------------
// Analysis

function analyse(input: ContentInput): Analysed {
  const plainOf = (s: string) =>
    /<\/?[a-z][^<>]*>/i.test(s) ? stripTags(s) : s.replace(/\s+/g, " ").trim();
  const headline = plainOf(input.headline);
  const introduction = plainOf(input.introduction);
  const conclusion = plainOf(input.conclusion);
  const blocks = htmlBlocks(input.body);
  const bodyText = blocks.map((b) => b.text).join("\n");
  const plain = [headline, introduction, bodyText, conclusion].join("\n");
  const tokens = tokenize(plain);
  return {
    sections: [
      { name: "headline", text: headline },
      { name: "introduction", text: introduction },
      { name: "body", text: bodyText },
      { name: "conclusion", text: conclusion },
    ],
    headline,
    introduction,
    conclusion,
    blocks,
    bodyText,
    plain,
    match: normaliseForMatch(plain),
    bodyMatch: normaliseForMatch(bodyText),
    tokens,
    stems: new Set(tokens),
  };
}

// Item → its distinctive stems. Items are reference data (pain points, goals, challenges), so
// the same few hundred strings come back on every check.
const itemStemCache = new Map<string, string[]>();

function distinctiveStems(item: string): string[] {
  let stems = itemStemCache.get(item);
  if (!stems) {
    if (itemStemCache.size >= 5_000) itemStemCache.clear();
    stems = [...new Set(tokenize(item))].filter((s) => !GENERIC_STEMS.has(s));
    itemStemCache.set(item, stems);
  }
  return stems;
}

/**
 * Whether a text (as its set of stems) addresses an item (a pain point, goal, …): most of the
 * item's distinctive words appear. Items with no distinctive words count as addressed. The
 * built-in writer's refine step uses the same test, so it fixes exactly what the check flags.
 */
export function coversItem(item: string, stems: ReadonlySet<string>): boolean {
  const itemStems = distinctiveStems(item);
  if (itemStems.length === 0) return true;
  const need =
    itemStems.length <= 2 ? itemStems.length : Math.max(2, Math.ceil(itemStems.length * 0.34));
  return itemStems.filter((s) => stems.has(s)).length >= need;
}

/** Items (pain points, goals, …) whose distinctive words mostly appear in the text. */
function coverage(items: readonly string[], stems: Set<string>) {
  const addressed: string[] = [];
  const missing: string[] = [];
  for (const item of items) {
    if (distinctiveStems(item).length === 0) continue;
    (coversItem(item, stems) ? addressed : missing).push(item);
  }
  return { addressed, missing };
}

// ---------------------------------------------------------------------------------------------
// Criteria

function band(value: number, ideal: [number, number], fair: [number, number]): number {
  if (value >= ideal[0] && value <= ideal[1]) return 1;
  if (value >= fair[0] && value <= fair[1]) return 0.6;
  return 0.25;
}

function scoreStructure(doc: Analysed): CriterionResult {
  const findings: string[] = [];
  const suggestions: string[] = [];
  const headlineWords = countWords(doc.headline);
  const introWords = countWords(doc.introduction);
  const bodyWords = countWords(doc.bodyText);
  const conclusionWords = countWords(doc.conclusion);
  const headings = doc.blocks.filter((b) => b.kind === "heading").length;
  const items = doc.blocks.filter((b) => b.kind === "item").length;
  const paragraphs = doc.blocks.filter((b) => b.kind !== "heading");
  const longest = paragraphs.reduce<{ words: number; text: string }>(
    (best, p) => {
      const words = countWords(p.text);
      return words > best.words ? { words, text: p.text } : best;
    },
    { words: 0, text: "" },
  );

  const headlineScore = band(headlineWords, [6, 20], [4, 26]);
  const introScore = band(introWords, [30, 130], [15, 200]);
  const bodyScore = bodyWords >= 250 && bodyWords <= 1800 ? 1 : bodyWords >= 150 ? 0.6 : 0.25;
  const conclusionScore = band(conclusionWords, [15, 90], [8, 150]);
  const headingScore = headings >= 2 ? 1 : headings === 1 ? 0.5 : 0;
  const paragraphScore = longest.words <= 120 ? 1 : longest.words <= 180 ? 0.5 : 0.1;
  const scanScore = items >= 3 ? 1 : 0.6;

  findings.push(
    `Headline ${headlineWords} words, introduction ${introWords}, body ${bodyWords}, conclusion ${conclusionWords}.`,
    `${headings} subheading${headings === 1 ? "" : "s"} and ${items} list item${items === 1 ? "" : "s"} in the body; longest paragraph ${longest.words} words.`,
  );
  if (headlineScore < 1) {
    suggestions.push(
      headlineWords > 20
        ? `Shorten the headline to 20 words or fewer (it has ${headlineWords}).`
        : `Make the headline a specific claim of 6–20 words (it has ${headlineWords}).`,
    );
  }
  if (paragraphScore < 1) {
    suggestions.push(
      `Split the ${longest.words}-word paragraph starting '${excerpt(longest.text, 8)}' into paragraphs of under 120 words.`,
    );
  }
  if (headingScore < 1) {
    suggestions.push(
      `Add ${2 - headings} more subheading${headings === 1 ? "" : "s"} so a busy reader can scan the body's ${bodyWords} words.`,
    );
  }
  if (introScore < 1) {
    suggestions.push(
      introWords > 130
        ? `Cut the introduction to about 30–130 words (it has ${introWords}); move detail into the body.`
        : `Expand the introduction to 30–130 words: state the problem and why it matters to the reader (it has ${introWords}).`,
    );
  }
  if (bodyScore < 1) {
    suggestions.push(
      bodyWords < 250
        ? `Develop the body to at least 250 words with evidence and examples (it has ${bodyWords}).`
        : `Tighten the body to under 1,800 words (it has ${bodyWords}).`,
    );
  }
  if (conclusionScore < 1) {
    suggestions.push(
      conclusionWords < 15
        ? `Give the conclusion a concrete next step in 15–90 words (it has ${conclusionWords}).`
        : `Shorten the conclusion to 15–90 words (it has ${conclusionWords}).`,
    );
  }
  if (scanScore < 1 && bodyWords >= 250) {
    suggestions.push(
      "Turn a run of parallel points (criteria, steps, results) into a bulleted list.",
    );
  }
  const score =
    0.15 * headlineScore +
    0.1 * introScore +
    0.15 * bodyScore +
    0.1 * conclusionScore +
    0.2 * headingScore +
    0.2 * paragraphScore +
    0.1 * scanScore;
  return { score, findings, suggestions };
}

function scorePersonaFit(doc: Analysed, persona: Persona): CriterionResult {
  const pains = coverage(
    unique([...persona.painPoints, ...persona.buyingJourney.awareness.painPoints]),
    doc.stems,
  );
  const goals = coverage(persona.goals, doc.stems);
  const metrics = coverage(persona.keyMetrics, doc.stems);
  const aliases = unique([persona.title, ...(PERSONA_ALIASES[persona.id] ?? [])]);
  const roleNamed = matcherFor(aliases).find(doc.match).length > 0;

  const findings = [
    `${pains.addressed.length} of ${pains.addressed.length + pains.missing.length} ${persona.title} pain points addressed${listOf(pains.addressed, 2)}.`,
    `${goals.addressed.length} of ${goals.addressed.length + goals.missing.length} goals addressed${listOf(goals.addressed, 2)}.`,
    `${metrics.addressed.length} of ${metrics.addressed.length + metrics.missing.length} metrics the ${persona.title} is measured on mentioned${listOf(metrics.addressed, 2)}.`,
    roleNamed
      ? `The reader's role is named.`
      : `The reader's role (${persona.title}) is never named.`,
  ];
  const suggestions: string[] = [];
  if (pains.addressed.length < 2 && pains.missing[0]) {
    suggestions.push(
      `Mention at least ${pains.addressed.length === 0 ? "one" : "one more"} of the ${persona.title}'s pain points, e.g. '${lowerFirst(pains.missing[0])}'.`,
    );
  }
  if (goals.addressed.length < 2 && goals.missing[0]) {
    suggestions.push(
      `Connect the piece to a goal the ${persona.title} owns, e.g. '${lowerFirst(goals.missing[0])}'.`,
    );
  }
  if (metrics.addressed.length === 0 && metrics.missing[0]) {
    suggestions.push(
      `Tie the outcome to a metric the ${persona.title} reports on, e.g. '${lowerFirst(metrics.missing[0])}'.`,
    );
  }
  if (!roleNamed)
    suggestions.push(`Address the reader as ${withArticle(persona.title)} at least once.`);
  const score =
    0.35 * Math.min(1, pains.addressed.length / 2) +
    0.3 * Math.min(1, goals.addressed.length / 2) +
    0.2 * Math.min(1, metrics.addressed.length) +
    0.15 * (roleNamed ? 1 : 0);
  return { score, findings, suggestions };
}

function scoreIndustryFit(doc: Analysed, industry: Industry): CriterionResult {
  const ownTerms = INDUSTRY_TERMS[industry.id] ?? [];
  // The name, or its first few terms ("aircraft", "vehicle", "electronics", "machinery").
  const named =
    matcherFor(unique([industry.name, industry.id, ...ownTerms.slice(0, 3)])).find(doc.match)
      .length > 0;
  const vocabulary = matcherFor(ownTerms).find(doc.match);
  const challenges = coverage(
    unique([...industry.topChallenges, ...industry.keyDrivers]),
    doc.stems,
  );
  const ownSet = new Set(ownTerms.map((t) => normaliseForMatch(t)));
  const offIndustry: { term: string; industry: string }[] = [];
  for (const [id, markers] of Object.entries(INDUSTRY_MARKERS)) {
    if (id === industry.id) continue;
    for (const term of matcherFor(markers).find(doc.match)) {
      if (!ownSet.has(normaliseForMatch(term))) offIndustry.push({ term, industry: id });
    }
  }

  const findings = [
    named ? `${industry.name} is named.` : `${industry.name} is never named.`,
    `${vocabulary.length} ${industry.name} term${vocabulary.length === 1 ? "" : "s"} used${listOf(vocabulary, 5)}.`,
    `${challenges.addressed.length} of ${challenges.addressed.length + challenges.missing.length} industry challenges and drivers addressed${listOf(challenges.addressed, 2)}.`,
  ];
  const suggestions: string[] = [];
  if (offIndustry.length > 0) {
    findings.push(
      `Terms from other industries: ${offIndustry.map((o) => `'${o.term}' (${o.industry})`).join(", ")}.`,
    );
    suggestions.push(
      `Remove or replace ${offIndustry
        .slice(0, 3)
        .map((o) => `'${o.term}'`)
        .join(
          ", ",
        )}: ${offIndustry.length === 1 ? "it belongs" : "they belong"} to another industry, which reads as copy-paste to ${withArticle(industry.name)} reader.`,
    );
  }
  if (challenges.addressed.length < 2 && challenges.missing[0]) {
    suggestions.push(
      `Address ${withArticle(industry.name)} challenge directly, e.g. '${lowerFirst(challenges.missing[0])}'.`,
    );
  }
  if (vocabulary.length < 4) {
    const unused = ownTerms.filter((t) => !vocabulary.includes(t)).slice(0, 4);
    suggestions.push(
      `Use the language of ${industry.name} engineering (e.g. ${unused.map((t) => `'${t}'`).join(", ")}) where it is accurate.`,
    );
  }
  if (!named)
    suggestions.push(`Name the industry (${industry.name}) in the headline or introduction.`);
  const penalty = Math.min(0.6, 0.2 * offIndustry.length);
  const score =
    0.2 * (named ? 1 : 0) +
    0.4 * Math.min(1, vocabulary.length / 4) +
    0.4 * Math.min(1, challenges.addressed.length / 2) -
    penalty;
  return { score, findings, suggestions };
}

const STAGE_INVITES: Record<BuyingStage, string> = {
  awareness: "invite them to read a guide, download a report or benchmark themselves instead",
  consideration: "offer a comparison guide, checklist, scorecard, webinar or technical walkthrough",
  decision: "offer a pilot, a business case, an ROI assessment or a conversation with your team",
};

function scoreBuyingStage(doc: Analysed, persona: Persona, stage: BuyingStage): CriterionResult {
  const lastParagraph = [...doc.blocks].reverse().find((b) => b.kind !== "heading")?.text ?? "";
  const ctaText = normaliseForMatch(`${lastParagraph}\n${doc.conclusion}`);
  const conclusionText = normaliseForMatch(doc.conclusion);
  const stageIndex = BUYING_STAGES.indexOf(stage);
  const ctaByStage = BUYING_STAGES.map((s) => ({
    stage: s,
    terms: lexiconMatchers.cta[s].find(ctaText),
  }));
  const own = ctaByStage[stageIndex]!.terms;
  const findings: string[] = [];
  const suggestions: string[] = [];

  let ctaScore: number;
  if (own.length > 0) {
    ctaScore = 1;
    findings.push(`The call to action fits the ${stage} stage (${quoteList(own, 3)}).`);
  } else {
    const other = ctaByStage
      .filter((c) => c.terms.length > 0 && c.stage !== stage)
      .sort(
        (a, b) =>
          Math.abs(BUYING_STAGES.indexOf(a.stage) - stageIndex) -
          Math.abs(BUYING_STAGES.indexOf(b.stage) - stageIndex),
      )[0];
    const actions = lexiconMatchers.action.find(conclusionText);
    if (other) {
      const distance = Math.abs(BUYING_STAGES.indexOf(other.stage) - stageIndex);
      ctaScore = distance === 1 ? 0.5 : 0.3;
      findings.push(
        `The call to action (${quoteList(other.terms, 2)}) suits the ${other.stage} stage, not ${stage}.`,
      );
      suggestions.push(
        `Change the call to action for the ${stage} stage: ${STAGE_INVITES[stage]}.`,
      );
    } else if (actions.length > 0) {
      ctaScore = 0.35;
      findings.push(
        `The conclusion asks for something (${quoteList(actions, 2)}) but offers no ${stage}-stage next step.`,
      );
      suggestions.push(
        `Make the next step concrete for the ${stage} stage: ${STAGE_INVITES[stage]}.`,
      );
    } else {
      ctaScore = 0.05;
      findings.push("The conclusion has no call to action.");
      suggestions.push(
        `End with a call to action for the ${stage} stage: ${STAGE_INVITES[stage]}.`,
      );
    }
  }

  const hardSell = (
    stage === "decision" ? lexiconMatchers.pressure : lexiconMatchers.hardSell
  ).find(doc.match);
  let penalty = 0;
  if (hardSell.length > 0) {
    const n = hardSell.length;
    penalty =
      stage === "awareness"
        ? Math.min(0.6, 0.35 + 0.1 * (n - 1))
        : stage === "consideration"
          ? Math.min(0.4, 0.2 + 0.05 * (n - 1))
          : Math.min(0.3, 0.15 + 0.05 * (n - 1));
    const inConclusion = lexiconMatchers.hardSell.find(conclusionText)[0];
    findings.push(`Hard-sell language: ${quoteList(hardSell, 4)}.`);
    suggestions.unshift(
      stage === "decision"
        ? `Drop the pressure tactics (${quoteList(hardSell, 2)}): at the decision stage offer a pilot or business case on its merits.`
        : inConclusion
          ? `The conclusion asks the reader to '${inConclusion}' — at the ${stage} stage ${STAGE_INVITES[stage]}.`
          : `The piece pushes '${hardSell[0]}' — at the ${stage} stage ${STAGE_INVITES[stage]}.`,
    );
  }

  const concernsSource =
    stage === "awareness"
      ? persona.buyingJourney.awareness.painPoints
      : stage === "consideration"
        ? persona.buyingJourney.consideration.evaluationCriteria
        : persona.buyingJourney.decision.objections;
  const concernLabel =
    stage === "awareness"
      ? "awareness-stage pain points"
      : stage === "consideration"
        ? "evaluation criteria"
        : "objections";
  const concerns = coverage(concernsSource, doc.stems);
  const concernScore =
    concerns.addressed.length >= 2 ? 1 : concerns.addressed.length === 1 ? 0.7 : 0.3;
  findings.push(
    `${concerns.addressed.length} of ${concernsSource.length} ${concernLabel} of the ${persona.title} addressed${listOf(concerns.addressed, 2)}.`,
  );
  if (concerns.addressed.length < 2 && concerns.missing[0]) {
    suggestions.push(
      stage === "decision"
        ? `Answer a typical objection, e.g. '${lowerFirst(concerns.missing[0])}'.`
        : stage === "consideration"
          ? `Address an evaluation criterion the ${persona.title} uses, e.g. '${lowerFirst(concerns.missing[0])}'.`
          : `Open with a problem the ${persona.title} already feels, e.g. '${lowerFirst(concerns.missing[0])}'.`,
    );
  }

  const signals = lexiconMatchers.body[stage].find(doc.bodyMatch);
  const signalScore = Math.min(1, signals.length / 3);
  if (signals.length < 3) {
    suggestions.push(
      stage === "decision"
        ? "Give decision-stage substance: pilot scope, timeline, results, payback or integration details."
        : stage === "consideration"
          ? "Give the reader a way to compare options: criteria, trade-offs or a step-by-step approach."
          : "Frame the problem: why it happens, what it costs and what leading teams do differently.",
    );
  }
  const score = 0.5 * ctaScore + 0.25 * concernScore + 0.25 * signalScore - penalty;
  return { score, findings, suggestions };
}

function scoreSpecificity(
  doc: Analysed,
  statistics: (Statistic & { section: SectionName })[],
  unsupported: Statistic[],
  chosen: MetricRange[],
  proofPoints: MetricRange[],
  words: number,
): CriterionResult {
  const findings: string[] = [];
  const suggestions: string[] = [];
  const figures = doc.sections.reduce((n, s) => n + countFigures(s.text), 0);
  const target = Math.min(8, Math.max(3, Math.round(words / 120)));
  const figureScore = Math.min(1, figures / target);
  findings.push(
    `${figures} figure${figures === 1 ? "" : "s"} (aim for ${target} or more at this length).`,
  );
  if (figures < target) {
    suggestions.push(
      `Add ${target - figures} more concrete figure${target - figures === 1 ? "" : "s"}: baselines, timeframes, sample sizes or measured results.`,
    );
  }

  const sectionText = new Map(doc.sections.map((s) => [s.name, s.text]));
  const used = (metric: MetricRange) =>
    statistics.some(
      (s) => withinRange(s, metric) && sentenceShares(sectionText.get(s.section) ?? "", s, metric),
    );
  let metricScore: number;
  if (chosen.length > 0) {
    const usedMetrics = chosen.filter(used);
    metricScore = usedMetrics.length / chosen.length;
    findings.push(`${usedMetrics.length} of ${chosen.length} chosen key metrics used.`);
    const missing = chosen.find((m) => !usedMetrics.includes(m));
    if (missing)
      suggestions.push(
        `Use the chosen key metric '${missing.label}' with the context it applies to.`,
      );
  } else {
    const usedPoints = proofPoints.filter(used);
    metricScore = usedPoints.length > 0 ? 1 : 0.5;
    findings.push(
      `No key metrics chosen; ${usedPoints.length} of ${proofPoints.length} company proof points used${listOf(
        usedPoints.map((p) => p.label),
        2,
      )}.`,
    );
    if (usedPoints.length === 0 && proofPoints[0]) {
      suggestions.push(
        `Back the main claim with a company proof point, e.g. '${proofPoints[0].label}'.`,
      );
    }
  }

  const implausible = unsupported.filter(isImplausible);
  let supportScore = 1;
  if (statistics.length > 0) {
    supportScore = Math.max(
      0,
      1 - unsupported.length / Math.max(4, statistics.length) - 0.35 * implausible.length,
    );
  }
  findings.push(
    `${statistics.length} statistic${statistics.length === 1 ? "" : "s"}; ${unsupported.length} not among the chosen metrics or company proof points${implausible.length ? `, ${implausible.length} implausible without a named baseline` : ""}.`,
  );
  if (implausible[0]) {
    suggestions.unshift(
      `Remove or substantiate '${implausible[0].text}': figures like ${quoteList(
        implausible.map((s) => s.figure),
        3,
      )} read as hype to an engineering leader unless you name the baseline, scope and customer.`,
    );
  }
  if (unsupported.length > implausible.length) {
    // Improvement claims first: a customer's revenue or a sample share matters less.
    const plausible = unsupported.filter((s) => !isImplausible(s));
    const first = plausible.find((s) => s.kind !== "currency" && !s.share) ?? plausible[0]!;
    suggestions.push(
      `Cite the source, sample or baseline for '${first.text}', or replace it with a company proof point.`,
    );
  }
  return {
    score: 0.45 * figureScore + 0.25 * metricScore + 0.3 * supportScore,
    findings,
    suggestions,
  };
}

function scoreReadability(counts: ReturnType<typeof countReadability>): CriterionResult {
  const grade = fleschKincaidGrade(counts);
  const ease = fleschReadingEase(counts);
  const { grade: gradeBand, ease: easeBand, maxAverageSentence } = READABILITY_TARGET;
  const gradeDistance =
    grade < gradeBand.min ? gradeBand.min - grade : Math.max(0, grade - gradeBand.max);
  const easeDistance = ease < easeBand.min ? easeBand.min - ease : Math.max(0, ease - easeBand.max);
  const average = counts.sentences > 0 ? counts.words / counts.sentences : 0;
  const longSentences = counts.sentenceLengths.filter((n) => n > 40).length;
  const gradeScore = Math.max(0, 1 - 0.15 * gradeDistance);
  const easeScore = Math.max(0, 1 - 0.025 * easeDistance);
  const sentenceScore =
    Math.max(0, 1 - Math.max(0, average - maxAverageSentence) / 20) *
    (longSentences > 0 ? 0.85 ** longSentences : 1);
  const findings = [
    `Flesch–Kincaid grade ${grade.toFixed(1)} (target ${gradeBand.min}–${gradeBand.max}); reading ease ${ease.toFixed(1)} (target ${easeBand.min}–${easeBand.max}).`,
    `${average.toFixed(1)} words per sentence on average; ${longSentences} sentence${longSentences === 1 ? "" : "s"} over 40 words.`,
  ];
  const suggestions: string[] = [];
  if (grade > gradeBand.max || ease < easeBand.min) {
    suggestions.push(
      "Shorten long sentences and swap abstract multi-syllable words for concrete ones.",
    );
  } else if (grade < gradeBand.min || ease > easeBand.max) {
    suggestions.push(
      "The writing is simpler than engineering executives expect: use the precise technical terms and fuller sentences of a peer.",
    );
  }
  if (longSentences > 0)
    suggestions.push(
      `Break up the ${longSentences} sentence${longSentences === 1 ? "" : "s"} over 40 words.`,
    );
  return {
    score: 0.35 * gradeScore + 0.35 * easeScore + 0.3 * sentenceScore,
    findings,
    suggestions,
  };
}

/** "[CUSTOMER NAME]", "[INSERT PROOF POINT HERE]", "TODO", "TBD", "XX%", "lorem ipsum". */
const PLACEHOLDER = /\[[^[\]\n]{1,160}\]|\b(?:TODO|TBD)\b|\b[Ll]orem ipsum\b|\bXX+\b%?/g;

function scoreStyle(
  doc: Analysed,
  banned: Map<string, number>,
  catalog: CompanyCatalog,
): CriterionResult {
  const findings: string[] = [];
  const suggestions: string[] = [];
  const occurrences = [...banned.values()].reduce((a, b) => a + b, 0);
  const bannedPenalty = Math.min(0.8, 0.15 * occurrences);
  if (occurrences > 0) {
    findings.push(
      `${occurrences} banned phrase${occurrences === 1 ? "" : "s"} or cliché${occurrences === 1 ? "" : "s"}: ${quoteList([...banned.keys()], 8)}.`,
    );
    for (const phrase of [...banned.keys()].slice(0, 3)) {
      suggestions.push(
        `Replace '${phrase}' (banned phrase) with a specific, verifiable statement.`,
      );
    }
  } else {
    findings.push("No banned phrases or clichés.");
  }

  const exclamations = (doc.plain.match(/!/g) ?? []).length;
  const exclamationPenalty = Math.min(0.3, 0.05 * exclamations);
  if (exclamations > 0) {
    findings.push(`${exclamations} exclamation mark${exclamations === 1 ? "" : "s"}.`);
    suggestions.push(
      "Remove the exclamation marks: engineering leaders read them as consumer marketing.",
    );
  }

  // Placeholders are matched on the text before normalisation, where the capitals still show.
  const placeholders = [...doc.plain.matchAll(PLACEHOLDER)]
    .map((m) => m[0])
    // A bracketed placeholder shouts ("[CUSTOMER NAME]"); "[1]" or "[sic]" are not placeholders.
    .filter((p) => !p.startsWith("[") || /[A-Z]{3}/.test(p));
  const placeholderPenalty = Math.min(0.6, 0.3 * placeholders.length);
  if (placeholders.length > 0) {
    findings.push(`Unfilled placeholders: ${quoteList(placeholders, 3)}.`);
    suggestions.unshift(
      `Fill in or remove the placeholder ${quoteList(placeholders, 1)} before publishing.`,
    );
  }

  const brandErrors = brandNameErrors(doc.plain, catalog);
  const brandPenalty = Math.min(0.5, 0.25 * brandErrors.length);
  if (brandErrors.length > 0) {
    findings.push(`Names that are not in the company catalogue: ${quoteList(brandErrors, 3)}.`);
    suggestions.unshift(
      `Correct ${quoteList(brandErrors, 2)}: the company is '${catalog.companyName}' and its solutions are ${catalog.solutions.map((s) => s.name).join(", ")}.`,
    );
  }

  const weCount = (doc.match.match(/\b(?:we|our|ours|us)\b/g) ?? []).length;
  const youCount = (doc.match.match(/\b(?:you|your|yours)\b/g) ?? []).length;
  const vendorCentric = weCount >= 8 && weCount > 2 * (youCount + 1);
  if (vendorCentric) {
    findings.push(`Vendor-centric: 'we/our' ${weCount} times, 'you/your' ${youCount} times.`);
    suggestions.push(
      "Rewrite around the reader's problem: fewer sentences about the vendor ('we', 'our'), more about their programs and results.",
    );
  }
  const score =
    1 -
    bannedPenalty -
    exclamationPenalty -
    placeholderPenalty -
    brandPenalty -
    (vendorCentric ? 0.2 : 0);
  return { score, findings, suggestions };
}

/**
 * Near misses of the catalogue's names: a product with a wrong prefix ("MC Design"), a misspelt
 * product ("NCS Desing") or a variant of the company name ("Northwind Cost Solutions"). Only
 * names within two edits of the real ones count, so "CAD Design" or "NCS Team" do not.
 */
function brandNameErrors(text: string, catalog: CompanyCatalog): string[] {
  const errors = new Set<string>();
  const prefix = catalog.shortPrefix;
  const productWords = catalog.solutions
    .map((s) => (prefix && s.name.startsWith(`${prefix} `) ? s.name.slice(prefix.length + 1) : ""))
    .filter(Boolean);
  if (prefix && productWords.length > 0) {
    const suffixes = productWords.map(escapeRegExp).join("|");
    for (const m of text.matchAll(new RegExp(`\\b([A-Z]{2,5}) (${suffixes})\\b`, "g"))) {
      if (m[1] !== prefix && editDistance(m[1]!, prefix) <= 2) errors.add(m[0]);
    }
    for (const m of text.matchAll(new RegExp(`\\b${escapeRegExp(prefix)} ([A-Z][a-z]+)\\b`, "g"))) {
      const word = m[1]!;
      if (!productWords.includes(word) && productWords.some((p) => editDistance(word, p) <= 2)) {
        errors.add(m[0]);
      }
    }
  }
  const [first, ...rest] = catalog.companyName.split(/\s+/);
  if (first && rest.length > 0) {
    const variant = new RegExp(`\\b${escapeRegExp(first)}(?: [A-Z][a-z]+){${rest.length}}`, "g");
    for (const m of text.matchAll(variant)) {
      if (m[0] !== catalog.companyName) errors.add(m[0]);
    }
  }
  return [...errors];
}

/** Levenshtein distance (short strings only). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Weights of the 1st, 2nd and 3rd nearest example of a category: the nearest counts most. */
const RANK_WEIGHTS = [0.5, 0.3, 0.2];

function scoreSimilarity(
  neighbours: ReturnType<SimilarityIndex["neighbours"]> | undefined,
  index: SimilarityIndex | undefined,
  excludeId: string | undefined,
): CriterionResult {
  if (!neighbours || !index) {
    return {
      score: 0,
      findings: [
        "No benchmark examples are available, so this criterion is left out of the overall score.",
      ],
      suggestions: [],
    };
  }
  const excluded = excludeId ? index.categoryOf(excludeId) : undefined;
  const available = {
    good: index.counts.good - (excluded === "good" ? 1 : 0),
    bad: index.counts.bad - (excluded === "bad" ? 1 : 0),
  };
  // The same number of neighbours from each side, so a thin category is not diluted by
  // unrelated examples (examples with no shared words count as similarity 0).
  const k = Math.min(
    CONTRAST_K,
    Math.max(1, Math.min(available.good || Infinity, available.bad || Infinity)),
  );
  const good = neighbours.good.slice(0, k);
  const bad = neighbours.bad.slice(0, k);
  const weights = RANK_WEIGHTS.slice(0, k);
  const total = weights.reduce((a, b) => a + b, 0);
  const weighted = (xs: NearestExample[]) =>
    xs.reduce((sum, x, i) => sum + (weights[i] ?? 0) * x.similarity, 0) / total;
  const g = weighted(good);
  const b = weighted(bad);
  let score: number;
  if (available.good > 0 && available.bad > 0) score = 0.5 + 4 * (g - b);
  else if (available.good > 0) score = Math.min(1, g / 0.3);
  else score = 1 - Math.min(1, b / 0.3);

  const side = (n: number, category: string) =>
    `${n === 1 ? "the nearest" : `the ${n} nearest`} ${category} example${n === 1 ? "" : "s"}`;
  const findings = [
    available.good > 0 && available.bad > 0
      ? `Similarity to ${side(k, "good")} ${g.toFixed(2)}, to ${side(k, "bad")} ${b.toFixed(2)} (the nearest weighted most).`
      : available.good > 0
        ? `Similarity to ${side(k, "good")} ${g.toFixed(2)}; there are no bad examples to compare with.`
        : `Similarity to ${side(k, "bad")} ${b.toFixed(2)}; there are no good examples to compare with.`,
  ];
  const top = neighbours.overall[0];
  if (top)
    findings.push(`Most similar: '${top.title}' (${top.category}, ${top.similarity.toFixed(2)}).`);
  const suggestions: string[] = [];
  if (bad[0] && (b > g || (top?.category === "bad" && score < 0.8))) {
    suggestions.push(
      `Reads closer to the bad example '${bad[0].title}' (${bad[0].similarity.toFixed(2)}) than to the good ones: compare the two and remove what they share.`,
    );
  } else if (good[0] && score < 0.8) {
    suggestions.push(
      `Study the good example '${good[0].title}' (${good[0].similarity.toFixed(2)}) for structure and evidence.`,
    );
  }
  return { score, findings, suggestions };
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** The first suggestion of each criterion, biggest expected gain first, then the second ones. */
function topSuggestions(
  criteria: QualityCriterion[],
  weights: Record<QualityCriterionId, number>,
): string[] {
  const ranked = criteria
    .map((c, order) => ({ c, gain: weights[c.id] * (1 - c.score), order }))
    .filter((r) => r.gain > 0.001 && r.c.suggestions.length > 0)
    .sort((a, b) => b.gain - a.gain || a.order - b.order);
  const out: string[] = [];
  for (let round = 0; round < 2 && out.length < 6; round++) {
    for (const r of ranked) {
      const s = r.c.suggestions[round];
      if (s && out.length < 6 && !out.includes(s)) out.push(s);
    }
  }
  return out;
}

/** Whether the sentence around a statistic (at most 200 characters each side) is about the metric's topic. */
function sentenceShares(sectionText: string, stat: Statistic, metric: MetricRange): boolean {
  const topic = metric.stems.filter((s) => !GENERIC_STEMS.has(s));
  if (topic.length === 0) return true;
  const from = Math.max(0, stat.index - 200);
  const before = sectionText.slice(from, stat.index);
  const start = from + Math.max(before.lastIndexOf(". "), before.lastIndexOf("\n"), 0);
  const after = sectionText.slice(stat.index, stat.index + 200);
  const end = after.search(/\.\s|\n/);
  const stems = new Set(
    tokenize(sectionText.slice(start, stat.index + (end === -1 ? after.length : end))),
  );
  return topic.some((s) => stems.has(s));
}

function normaliseFigure(s: string): string {
  return s.toLowerCase().replace(/[\s+]/g, "");
}

function clamp(n: number): number {
  return Math.min(1, Math.max(0, n));
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}

function lowerFirst(s: string): string {
  // Keep acronyms ("ECOs", "BOM") as written.
  return /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

function excerpt(text: string, words: number): string {
  const parts = text.split(/\s+/);
  return parts.slice(0, words).join(" ") + (parts.length > words ? "…" : "");
}

function quoteList(items: readonly string[], max: number): string {
  const shown = items.slice(0, max).map((s) => `'${s}'`);
  return shown.join(", ") + (items.length > max ? ` and ${items.length - max} more` : "");
}

function listOf(items: readonly string[], max: number): string {
  return items.length ? ` (${quoteList(items, max)})` : "";
}
