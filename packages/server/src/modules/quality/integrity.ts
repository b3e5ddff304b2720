/**
 * Gates on the piece as a whole, each a named finding that caps the score below the standard:
 * the wrong language, a section cut off mid-sentence, text addressed to a reviewer or a model,
 * a near-copy of a benchmark example, copy with no concrete content, paragraphs said again in
 * other words, reference data pasted as sentences, and a consumer register for an engineering
 * brief. Each rule is general (language identification, punctuation, vector similarity, word
 * specificity); none knows a particular piece.
 */
import type { QualityFinding } from "@content-studio/contract";
import {
  detectLanguage,
  LANGUAGE_NAMES,
  languageOfTag,
  plainlyEnglish,
} from "../../lib/language/nlp";
import type { JudgeRun } from "./criteria/criterion";
import type { SimilarityIndex } from "./similarity";
import { excerpt } from "./criteria/criterion";
import { splitSentences } from "./readability";
import { pastedSentences } from "./reference-items";
import { contentWords, isSpecific, sentenceWords, SynonymMatcher } from "./semantic";
import { STOP_WORDS, stemPostings, tokenize } from "./text";

export interface IntegrityResult {
  gates: QualityFinding[];
  findings: QualityFinding[];
}

/** The prose of a piece: introduction, body paragraphs and items, conclusion. */
function proseBlocks(run: JudgeRun): string[] {
  const { doc } = run;
  return [
    doc.introduction,
    ...doc.blocks.filter((b) => b.kind !== "heading").map((b) => b.text),
    doc.conclusion,
  ].filter((t) => t.trim().length > 0);
}

const wordCount = (t: string) => t.split(/\s+/).filter(Boolean).length;

/** Copy in another language than the brief's: the whole, or more than a third of its words. */
export function wrongLanguage(run: JudgeRun): QualityFinding | undefined {
  const expected = languageOfTag(run.brief.language ?? "en-US");
  const blocks = proseBlocks(run);
  const total = blocks.reduce((n, b) => n + wordCount(b), 0);
  const foreign = new Map<string, number>();
  // Language identification costs about half a millisecond a paragraph: look at up to 16,
  // spread over the piece.
  const long = blocks.filter((b) => wordCount(b) >= 12);
  const step = Math.max(1, Math.ceil(long.length / 16));
  const sample = long.filter((_, i) => i % step === 0);
  const sampled = sample.reduce((n, b) => n + wordCount(b), 0);
  for (const block of sample) {
    const found = expected === "eng" && plainlyEnglish(block) ? "eng" : detectLanguage(block);
    if (found !== "und" && found !== expected)
      foreign.set(found, (foreign.get(found) ?? 0) + wordCount(block));
  }
  const [found, words] = [...foreign].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
  if (total === 0 || sampled === 0 || words / sampled <= 1 / 3) return undefined;
  return {
    code: "wrong_language",
    expected: LANGUAGE_NAMES[expected] ?? expected,
    found: LANGUAGE_NAMES[found] ?? found,
  };
}

/** A paragraph that stops mid-sentence: no closing punctuation, or a dangling function word. */
export function truncated(run: JudgeRun): QualityFinding | undefined {
  const { doc } = run;
  const candidates: {
    section: "introduction" | "body" | "conclusion";
    text: string;
    item: boolean;
  }[] = [
    { section: "introduction", text: doc.introduction, item: false },
    ...doc.blocks
      .filter((b) => b.kind !== "heading")
      .map((b) => ({ section: "body" as const, text: b.text, item: b.kind === "item" })),
    { section: "conclusion", text: doc.conclusion, item: false },
  ];
  for (const c of candidates) {
    const text = c.text.trim();
    if (wordCount(text) < 6) continue;
    if (/[.!?…:;)\]"'”’]$/.test(text)) continue;
    const last = (text.split(/\s+/).pop() ?? "").toLowerCase().replace(/[^\p{L}']/gu, "");
    // A list item may end without a full stop; a paragraph may not, and neither may end on "the".
    if (c.item && !STOP_WORDS.has(last)) continue;
    return {
      code: "truncated",
      section: c.section,
      end: excerpt(text.split(/\s+/).slice(-8).join(" "), 8),
    };
  }
  return undefined;
}

/** Who a line might address instead of the reader. */
const ADDRESSEE =
  /\b(?:reviewers?|graders?|evaluators?|assessors?|checkers?|scorers?|moderators?|(?:language|ai|llm) models?|assistants?|llms?|chatbots?|bots?|(?:automated|automatic) (?:\w+ ){0,2}(?:checks?|checkers?|reviews?|reviewers?|systems?|tools?|scorers?)|quality (?:checks?|checkers?)|scoring (?:system|tool|model))\b/i;
/** What such a line asks of them. */
const VERDICT =
  /\b(?:scores?|scoring|scored|rate|rating|grade|grading|marks?|points|pass(?:es|ed)?|approve|approval|criteria|criterion|standards?|rubric|checklist|instructions?|prompt|evaluat\w+|assess\w*|flag(?:ged)?)\b/i;
/** The line speaks about the text itself, or asks for something. */
const META =
  /\bthis (?:piece|article|post|copy|content|draft|text|submission|document|blog|essay|entry)\b|\bplease\b|\b(?:give|award|assign)\b[^.]{0,40}\b(?:scores?|marks?|points|rating|grade|pass)\b/i;
/** An instruction to override the writer's or checker's own instructions. */
export const OVERRIDE =
  /\b(?:ignore|disregard|forget)\b[^.]{0,40}\b(?:instructions?|rules|prompt|guidelines)\b|\b(?:system prompt|as an ai)\b/i;

/** Text addressed to a reviewer, grader or model rather than to the reader. */
export function reviewerInstruction(run: JudgeRun): QualityFinding | undefined {
  for (const s of run.doc.sentences) {
    const addressed = ADDRESSEE.test(s.text) && VERDICT.test(s.text) && META.test(s.text);
    if (OVERRIDE.test(s.text) || addressed) {
      return { code: "reviewer_instruction", text: excerpt(s.text, 24) };
    }
  }
  return undefined;
}

/** Share of a piece's sentences that restate an example's sentences, above which it is a copy. */
const COPY_SHARE = 0.5;
/** Sentences this similar (both ways) say the same thing in other words. */
const SAME_SENTENCE = 0.6;

/** Their sentences a sentence is compared with in other words (those sharing the most stems). */
const PARAPHRASE_SOURCES = 3;

/** TF-IDF similarity below which an example shares too little vocabulary to be copied (a sentence-by-sentence paraphrase keeps most of it: 0.8 on the development set, other pieces at most 0.46). */
const COPY_CANDIDATE = 0.5;

interface AnalysedSentence {
  stems: Set<string>;
  words: string[];
  wordSet: Set<string>;
}

/** A text's sentences and, for each stem, the sentences that use it. */
interface AnalysedText {
  sentences: AnalysedSentence[];
  byStem: Map<string, number[]>;
}

function analyseSentence(
  text: string,
  stems: Iterable<string>,
  words = contentWords(text),
): AnalysedSentence {
  return { stems: new Set(stems), words, wordSet: new Set(words) };
}

function analyseText(sentences: AnalysedSentence[]): AnalysedText {
  return { sentences, byStem: stemPostings(sentences) };
}

// An example's sentences, analysed once per index (an index is immutable and rebuilt when the
// examples change, so this derived data can never be stale).
const analysedExamples = new WeakMap<SimilarityIndex, Map<string, AnalysedText>>();

function exampleSentences(index: SimilarityIndex, id: string): AnalysedText {
  let byId = analysedExamples.get(index);
  if (!byId) analysedExamples.set(index, (byId = new Map<string, AnalysedText>()));
  let analysed = byId.get(id);
  if (!analysed) {
    analysed = analyseText(
      splitSentences((index.textOf(id) ?? "").replace(/\n+/g, ". "))
        .filter((s) => wordCount(s) >= 6)
        .map((s) => analyseSentence(s, tokenize(s))),
    );
    byId.set(id, analysed);
  }
  return analysed;
}

/**
 * Share of `mine` (0–1) that restates a sentence of `theirs`: as written (most stems of one in
 * the other) or in other words (both say what the other says, synonyms counted). The second,
 * costlier pass stops once `share` is out of reach.
 */
function restatedShare(mine: AnalysedSentence[], theirs: AnalysedText, share: number): number {
  if (mine.length === 0 || theirs.sentences.length === 0) return 0;
  let copied = 0;
  const open: { m: AnalysedSentence; ts: AnalysedSentence[] }[] = [];
  for (const m of mine) {
    // Stems in common with each of their sentences, from the stem postings.
    const shared = new Map<number, number>();
    for (const x of m.stems) {
      for (const i of theirs.byStem.get(x) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    }
    let literal = false;
    const near: { t: AnalysedSentence; n: number }[] = [];
    for (const [i, n] of shared) {
      const t = theirs.sentences[i]!;
      if (n >= 0.7 * Math.max(m.stems.size, t.stems.size)) {
        literal = true;
        break;
      }
      // Only sentences that share some stems are compared in other words: the few that share
      // the most (a sentence said in other words keeps some of its source's words).
      if (n >= 2) near.push({ t, n });
    }
    if (literal) copied++;
    else if (near.length > 0) {
      near.sort((a, b) => b.n - a.n);
      open.push({ m, ts: near.slice(0, PARAPHRASE_SOURCES).map((x) => x.t) });
    }
  }
  const need = share * mine.length;
  if (copied >= need || copied + open.length < need) return copied / mine.length;
  // Words both texts use match as they are; only the others need synonyms.
  const mineWords = new Set<string>();
  const theirWords = new Set<string>();
  const seen = new Set<AnalysedSentence>();
  for (const { m, ts } of open) {
    for (const w of m.words) mineWords.add(w);
    for (const t of ts) {
      if (seen.has(t)) continue;
      seen.add(t);
      for (const w of t.words) theirWords.add(w);
    }
  }
  const matcher = new SynonymMatcher(
    [...mineWords].filter((w) => !theirWords.has(w)),
    [...theirWords].filter((w) => !mineWords.has(w)),
  );
  let left = open.length;
  for (const { m, ts } of open) {
    left--;
    const same = ts.some(
      (t) =>
        Math.min(matcher.covered(m.words, t.wordSet), matcher.covered(t.words, m.wordSet)) >=
        SAME_SENTENCE,
    );
    if (same) copied++;
    else if (copied + left < need) break;
  }
  return copied / mine.length;
}

/**
 * A near-copy of a benchmark example or of an item already in the Library: most sentences
 * restate the other text's, in any wording.
 */
export function benchmarkCopy(run: JudgeRun): QualityFinding | undefined {
  const { index, library, excludeExampleId, excludeLibraryIds = [] } = run.reference;
  const sources = [
    { source: "example" as const, index, exclude: excludeExampleId ? [excludeExampleId] : [] },
    { source: "library" as const, index: library, exclude: excludeLibraryIds },
  ];
  let mine: AnalysedSentence[] | undefined;
  for (const { source, index, exclude } of sources) {
    if (!index || index.size === 0) continue;
    mine ??= run.doc.sentences
      .filter((s) => s.words >= 8)
      .map((s) => analyseSentence(s.text, s.stems, sentenceWords(s)));
    if (mine.length < 4) return undefined;
    const candidates = index
      .nearest(run.doc.tokens, 3 + exclude.length)
      .filter((n) => !exclude.includes(n.id) && n.similarity >= COPY_CANDIDATE)
      .slice(0, 3);
    for (const near of candidates) {
      const share = restatedShare(mine, exampleSentences(index, near.id), COPY_SHARE);
      if (share >= COPY_SHARE) {
        return {
          code: "benchmark_copy",
          title: near.title,
          similarity: Math.round(share * 100) / 100,
          source,
        };
      }
    }
  }
  return undefined;
}

/** Concrete content per 100 words below which copy says nothing a reader can use. */
const MIN_CONCRETE = 5.5;
const QUANTITY =
  /(?:[$€£]\s?\d|\d(?:[.,]\d+)?\s?(?:%|mm|cm|m|km|kg|g|t|lb|lbs|in|ft|µm|microns?|mpa|kn|hours?|hrs?|minutes?|mins?|seconds?|days?|weeks?|months?|years?|parts?|units?|pieces?|layers?|sheets?|runs?|passes|cycles?|setups?)\b)/gi;

/**
 * Copy with little concrete content: specific words (outside the ~8,000 most frequent English
 * words: part names, processes, materials, mechanisms) and quantities with units, per 100 words.
 */
export function genericCopy(run: JudgeRun): QualityFinding | undefined {
  const text = proseBlocks(run).join("\n");
  const words = text
    .toLowerCase()
    .split(/[^\p{L}'-]+/u)
    .filter((w) => /\p{L}/u.test(w));
  if (words.length < 80) return undefined;
  const specific = words.filter((w) => w.length > 2 && !STOP_WORDS.has(w) && isSpecific(w)).length;
  const quantities = (text.match(QUANTITY) ?? []).length;
  const concrete = (100 * (specific + 2 * quantities)) / words.length;
  if (concrete >= MIN_CONCRETE) return undefined;
  return { code: "generic_copy", concrete: Math.round(concrete * 10) / 10, words: words.length };
}

/** Share of words two paragraphs must have in common, as written, to be compared further. */
const LITERAL_CANDIDATE = 0.2;
/** Paragraph pairs compared in other words at most (the most alike as written). */
const MAX_CANDIDATE_PAIRS = 12;
/** A pair of paragraphs this similar says the same thing twice. */
const SAME_PARAGRAPH = 0.64;

/** Paragraphs said again in other words (two paragraphs repeated with synonyms, or one twice). */
export function repeatedParagraph(run: JudgeRun): QualityFinding | undefined {
  const paragraphs = proseBlocks(run)
    .filter((t) => wordCount(t) >= 20)
    .slice(0, 30)
    .map((text) => ({ text, words: contentWords(text) }));
  // Paragraphs that share few words as written are not compared further: a paragraph said
  // again in other words keeps some of its words. Only the words of the remaining pairs that
  // the other paragraph lacks need synonyms.
  const sets = paragraphs.map((p) => new Set(p.words));
  const literal = (a: Set<string>, b: Set<string>) => {
    let shared = 0;
    for (const w of a) if (b.has(w)) shared++;
    return shared / Math.max(1, Math.min(a.size, b.size));
  };
  const scored: { i: number; j: number; literal: number }[] = [];
  for (let i = 0; i < paragraphs.length; i++) {
    for (let j = i + 1; j < paragraphs.length; j++) {
      const shared = literal(sets[i]!, sets[j]!);
      if (shared >= LITERAL_CANDIDATE) scored.push({ i, j, literal: shared });
    }
  }
  // The pairs most alike as written are the ones that may be the same paragraph twice.
  const candidates = scored
    .sort((a, b) => b.literal - a.literal)
    .slice(0, MAX_CANDIDATE_PAIRS)
    .map(({ i, j }) => [i, j] as const);
  const vocabulary = new Set<string>();
  for (const [i, j] of candidates) {
    for (const w of sets[i]!) if (!sets[j]!.has(w)) vocabulary.add(w);
    for (const w of sets[j]!) if (!sets[i]!.has(w)) vocabulary.add(w);
  }
  const matcher = new SynonymMatcher(vocabulary);
  const pairs = candidates.map(([i, j]) => ({
    score: matcher.mutual(paragraphs[i]!.words, paragraphs[j]!.words),
    text: paragraphs[j]!.text,
  }));
  pairs.sort((a, b) => b.score - a.score);
  const repeated = pairs.filter((p) => p.score >= SAME_PARAGRAPH);
  const top = pairs[0];
  if (!top || (repeated.length === 0 && (pairs[2]?.score ?? 0) < SAME_PARAGRAPH - 0.06))
    return undefined;
  return {
    code: "repeated_paragraph",
    text: excerpt(top.text, 14),
    times: Math.max(1, repeated.length),
  };
}

/** Sentences that paste a reference-data item (a pain point, goal, driver) nearly verbatim. */
export function templateBoilerplate(run: JudgeRun): {
  gate?: QualityFinding;
  findings: QualityFinding[];
} {
  const pasted = [...pastedSentences(run).values()];
  const findings = pasted
    .slice(0, 2)
    .map((text) => ({ code: "template_boilerplate" as const, text }));
  return { gate: pasted.length >= 2 ? findings[0] : undefined, findings };
}

/** Words of consumer buying, not of an engineering organisation's decisions. */
const CONSUMER =
  /\b(?:famil(?:y|ies)|kids|children|weekends?|road trips?|school runs?|commute|dealerships?|dealers?|test drives?|financing|monthly payments?|leas(?:e|ing)|trade-ins?|lifestyle|comfort(?:able)?|cozy|stylish|fun|love|groceries|holidays?|vacations?|shoppers?|bargains?|driveway|garage|your home|peace of mind)\b/gi;

/** Copy in a consumer register (the family car, the weekend) for an engineering-leader brief. */
export function consumerRegister(run: JudgeRun): QualityFinding | undefined {
  const text = proseBlocks(run).join("\n");
  const hits = [...text.matchAll(CONSUMER)].map((m) => m[0].toLowerCase());
  const distinct = new Set(hits);
  if (distinct.size < 4 || (100 * hits.length) / Math.max(1, wordCount(text)) < 1) return undefined;
  return { code: "persona_mismatch", persona: run.brief.persona.title, closer: "consumer buyer" };
}

/** Every whole-piece gate, in the order a reader would notice them. */
export function integrity(run: JudgeRun): IntegrityResult {
  const gates: QualityFinding[] = [];
  const findings: QualityFinding[] = [];
  const add = (f: QualityFinding | undefined) => {
    if (f) gates.push(f);
  };
  add(wrongLanguage(run));
  add(truncated(run));
  add(reviewerInstruction(run));
  add(benchmarkCopy(run));
  add(consumerRegister(run));
  add(genericCopy(run));
  add(repeatedParagraph(run));
  const boilerplate = templateBoilerplate(run);
  add(boilerplate.gate);
  findings.push(...boilerplate.findings.filter((f) => f !== boilerplate.gate));
  return { gates, findings };
}
