import { META_DESCRIPTION_MAX, type SeoAnalysis } from "@content-studio/contract";
import {
  countReadability,
  fleschKincaidGrade,
  round,
  splitSentences,
} from "../quality/readability";
import {
  STOP_WORDS,
  countWords,
  htmlBlocks,
  normaliseForMatch,
  phrasePattern,
  stripTags,
} from "../quality/text";
import { cutAtSentence } from "@content-studio/contract";

/** Words that end a noun phrase in a topic line: question words, common verbs and filler. */
const PHRASE_BREAKERS = new Set([
  "how",
  "why",
  "what",
  "guide",
  "ultimate",
  "complete",
  "ways",
  "tips",
  "steps",
  "improve",
  "improves",
  "improving",
  "reduce",
  "reduces",
  "reducing",
  "cut",
  "cuts",
  "cutting",
  "help",
  "helps",
  "drive",
  "drives",
  "boost",
  "boosts",
  "use",
  "uses",
  "using",
  "make",
  "makes",
  "deliver",
  "delivers",
  "lower",
  "lowers",
  "increase",
  "increases",
  "protect",
  "protects",
  "achieve",
  "achieving",
  "save",
  "saves",
  "vs",
  "versus",
]);

/** Longest noun phrase kept as a keyword, in words. */
const KEYWORD_MAX_WORDS = 3;

/**
 * A short noun phrase from a topic line, for when no primary keyword was given: the first run
 * of two or more content words (topic lines lead with their subject), else the longest run,
 * at most three words, lower-cased except acronyms.
 * "How digital manufacturing simulation improves ROI for aerospace suppliers" →
 * "digital manufacturing simulation"; "Should-cost analysis in aerospace design reviews" →
 * "should-cost analysis".
 */
export function deriveKeyword(topic: string): string {
  const words = topic.match(/[A-Za-z0-9][A-Za-z0-9'’-]*/g) ?? [];
  const runs: string[][] = [];
  let current: string[] = [];
  for (const word of words) {
    const lower = word.toLowerCase();
    if (STOP_WORDS.has(lower) || PHRASE_BREAKERS.has(lower) || /^\d+$/.test(word)) {
      if (current.length > 0) runs.push(current);
      current = [];
    } else {
      current.push(/^[A-Z0-9-]{2,}s?$/.test(word) ? word : lower);
    }
  }
  if (current.length > 0) runs.push(current);
  const best =
    runs.find((run) => run.length >= 2) ??
    runs.reduce<string[]>((a, b) => (b.length > a.length ? b : a), []);
  const chosen = best.length > 0 ? best : words.slice(0, KEYWORD_MAX_WORDS);
  return chosen.slice(0, KEYWORD_MAX_WORDS).join(" ");
}

export interface SeoInput {
  headline: string;
  introduction: string;
  /** Sanitised HTML. */
  body: string;
  conclusion: string;
  primaryKeyword?: string;
  topic?: string;
}

/** Headings h2 and h3 of a body, as plain text. */
function subheadings(html: string): string[] {
  return [...html.matchAll(/<(h2|h3)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi)].map((m) =>
    stripTags(m[2] ?? ""),
  );
}

/**
 * A meta description of at most 160 characters that ends at a sentence boundary: the first
 * sentence that holds the keyword and fits (introduction first, then body, then conclusion),
 * extended with the sentences that follow while they fit. When no sentence holds the keyword,
 * or none that does fits, the keyword leads the first sentence that fits ("Keyword: …"). Only
 * when no sentence fits at all is one shortened: at its last clause boundary that fits, closed
 * with a full stop, else (one long clause) at a word boundary with an ellipsis.
 */
export function suggestMetaDescription(
  keyword: string,
  sections: { introduction: string; bodyText: string; conclusion: string },
): string {
  const matcher = new RegExp(phrasePattern(keyword), "i");
  const sentences = [sections.introduction, sections.bodyText, sections.conclusion]
    .flatMap((t) => splitSentences(t))
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .map((s) => (/[.!?]["'”’)\]]*$/.test(s) ? s : `${s}.`));
  const fits = (s: string) => s.length <= META_DESCRIPTION_MAX;
  const holds = (s: string) => keyword !== "" && matcher.test(normaliseForMatch(s));

  const start = sentences.findIndex((s) => holds(s) && fits(s));
  if (start >= 0) {
    let description = sentences[start]!;
    for (const next of sentences.slice(start + 1)) {
      if (!fits(`${description} ${next}`)) break;
      description = `${description} ${next}`;
    }
    return description;
  }
  const lead = keyword.charAt(0).toUpperCase() + keyword.slice(1);
  const fitting = sentences.find(fits);
  if (fitting) {
    const led = `${lead}: ${fitting}`;
    return keyword && fits(led) ? led : fitting;
  }
  return shorten(sentences.find(holds) ?? sentences[0] ?? "");
}

/** The last resort for a sentence longer than the limit: a clause boundary, else a word boundary. */
function shorten(sentence: string): string {
  const clauseEnds = [...sentence.matchAll(/[,;:–—](?=\s)/g)].map((m) => m.index);
  for (const end of clauseEnds.reverse()) {
    const candidate = `${sentence.slice(0, end).trim()}.`;
    if (candidate.length <= META_DESCRIPTION_MAX && candidate.split(" ").length >= 5)
      return candidate;
  }
  const fitted = cutAtSentence(sentence, META_DESCRIPTION_MAX, { measure: (s) => s.length });
  return fitted.slice(0, META_DESCRIPTION_MAX);
}

/** Keyword placement, density, a meta description and the reading grade of a piece. */
export function analyzeSeo(input: SeoInput): SeoAnalysis {
  const keyword =
    input.primaryKeyword?.trim() || deriveKeyword(input.topic?.trim() || input.headline);
  const blocks = htmlBlocks(input.body);
  const bodyText = blocks.map((b) => b.text).join("\n");
  // Headings have no closing punctuation: in a meta description they would run into the
  // next sentence, so the description draws on paragraphs only.
  const proseText = blocks
    .filter((b) => b.kind === "paragraph")
    .map((b) => b.text)
    .join("\n");
  const fullText = [input.headline, input.introduction, bodyText, input.conclusion].join("\n");
  const pattern = keyword ? phrasePattern(keyword) : "";
  const contains = (text: string) =>
    pattern !== "" && new RegExp(pattern, "i").test(normaliseForMatch(text));

  const heads = subheadings(input.body);
  const words = countWords(fullText);
  const occurrences = pattern
    ? (normaliseForMatch(fullText).match(new RegExp(pattern, "gi")) ?? []).length
    : 0;
  const keywordWords = Math.max(1, countWords(keyword));
  const density = words > 0 ? round(((occurrences * keywordWords) / words) * 100, 2) : 0;

  return {
    keyword,
    inHeadline: contains(input.headline),
    inIntroduction: contains(input.introduction),
    inSubheadings: { count: heads.filter(contains).length, total: heads.length },
    density,
    suggestedMetaDescription: suggestMetaDescription(keyword, {
      introduction: input.introduction,
      bodyText: proseText,
      conclusion: input.conclusion,
    }),
    readabilityGrade: round(fleschKincaidGrade(countReadability(fullText)), 1),
  };
}
