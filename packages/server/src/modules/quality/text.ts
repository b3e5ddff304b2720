/**
 * Text utilities shared by the quality scorer and the similarity index: plain text from HTML
 * and markdown, tokenising, stop words and a light English stemmer. Everything here is pure and
 * deterministic.
 */

import { boundedMemo } from "../../lib/bounded-memo";
import { decodeEntities } from "../../lib/html";

/** Common English function words, plus a few words too frequent in this domain to carry meaning. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all almost also am an and any are aren't as at be because " +
    "been before being below between both but by can can't cannot could couldn't did didn't do " +
    "does doesn't doing don't down during each either else even ever every few for from further " +
    "get gets got had hadn't has hasn't have haven't having he her here hers herself him himself " +
    "his how however i if in into is isn't it it's its itself just let's like many may me might " +
    "more most much must my myself no nor not now of off often on once one only or other others " +
    "ought our ours ourselves out over own per quite rather really same shall she should so some " +
    "such than that that's the their theirs them themselves then there there's these they this " +
    "those through thus to too under until up upon us versus very vs was wasn't we we're were weren't what " +
    "when where whether which while who whom whose why will with within without won't would " +
    "wouldn't yet you you're your yours yourself yourselves"
  ).split(" "),
);

/**
 * Abbreviations that readers and writers use interchangeably with the long form. The long form
 * is folded into the abbreviation before tokenising, so "engineering change orders" and "ECOs"
 * count as the same idea.
 */
const PHRASE_FOLDS: [RegExp, string][] = [
  [/\bengineering change orders?\b/gi, " eco "],
  [/\bnew product introductions?\b/gi, " npi "],
  [/\bdesign for (?:manufactur\w*|assembly)\b/gi, " dfm "],
  [/\bbills? of materials?\b/gi, " bom "],
  [/\breturn on investment\b/gi, " roi "],
  [/\btotal cost of ownership\b/gi, " tco "],
];

export function foldPhrases(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PHRASE_FOLDS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * Plain text of an already-sanitised HTML fragment, without a parser (the scorer runs in the
 * request path and on every refinement round). Tags become spaces so words never fuse.
 */
export function stripTags(html: string): string {
  // `[^<>]` rather than `[^>]`: a run of stray "<" cannot make this quadratic.
  return decodeEntities(html.replace(/<[^<>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** One block of body text: a heading, a paragraph or a list item. */
export interface TextBlock {
  kind: "heading" | "paragraph" | "item";
  text: string;
}

const BLOCK_TAGS = /<(h[1-6]|p|li|blockquote|pre|td|th)\b[^<>]*>([\s\S]*?)<\/\1\s*>/gi;

/**
 * Splits sanitised HTML (balanced tags, as sanitize-html emits) into headings, paragraphs and
 * list items. HTML without block tags
 * (plain text pasted into the body) is split on blank lines and `<br>`s instead.
 */
export function htmlBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const m of html.matchAll(BLOCK_TAGS)) {
    const tag = (m[1] ?? "").toLowerCase();
    const text = stripTags(m[2] ?? "");
    if (!text) continue;
    blocks.push({
      kind:
        tag.startsWith("h") && tag.length === 2 ? "heading" : tag === "li" ? "item" : "paragraph",
      text,
    });
  }
  if (blocks.length > 0) return blocks;
  return html
    .split(/\n\s*\n|<br\s*\/?>/i)
    .map(stripTags)
    .filter(Boolean)
    .map((text) => ({ kind: "paragraph" as const, text }));
}

/**
 * Light English stemmer (plural, -ing, -ed, -ly, -ation and a final -e): enough for
 * "estimate", "estimates", "estimated" and "estimating" to meet, without Porter's full rule set.
 */
export function stem(word: string): string {
  return word.length <= 3 ? word : stemRemembered(word);
}

const stemRemembered = boundedMemo(50_000, stemWord);

function stemWord(word: string): string {
  let w = word;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(?:ss|us|is|ys)$/.test(w) && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5 && /[aeiouy]/.test(w.slice(0, -3)))
    w = undouble(w.slice(0, -3));
  else if (
    w.endsWith("ed") &&
    !w.endsWith("eed") &&
    w.length > 4 &&
    /[aeiouy]/.test(w.slice(0, -2))
  ) {
    w = undouble(w.slice(0, -2));
  }
  if (w.endsWith("ly") && w.length > 5) w = w.slice(0, -2);
  if (w.endsWith("ation") && w.length > 7) w = w.slice(0, -3);
  else if (w.endsWith("ion") && w.length > 6) w = w.slice(0, -3);
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  if (w.endsWith("y") && w.length > 4) w = `${w.slice(0, -1)}i`;
  return w;
}

function undouble(w: string): string {
  return /([bdfgmnprt])\1$/.test(w) ? w.slice(0, -1) : w;
}

const WORD = /[a-z][a-z0-9]*(?:'[a-z]+)?/g;

/**
 * Content-word stems of a text: lower-cased, abbreviations folded, stop words and one-letter
 * words dropped, stemmed. Hyphenated compounds split into their parts.
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  eachToken(text, (s) => out.push(s));
  return out;
}

/** The stems of a text with the words they come from (see {@link tokenize}). */
export function terms(text: string): { stem: string; word: string }[] {
  const out: { stem: string; word: string }[] = [];
  eachToken(text, (s, word) => out.push({ stem: s, word }));
  return out;
}

function eachToken(text: string, visit: (stem: string, word: string) => void): void {
  const lower = foldPhrases(text).toLowerCase().replace(/[’‘]/g, "'");
  for (const m of lower.matchAll(WORD)) {
    const w = m[0];
    if (w.length < 2 || STOP_WORDS.has(w)) continue;
    const word = w.endsWith("'s") ? w.slice(0, -2) : w;
    visit(stem(word), word);
  }
}

/** For each stem, the positions of the entries that hold it, in ascending order. */
export function stemPostings(
  entries: readonly { stems: Iterable<string> }[],
): Map<string, number[]> {
  const byStem = new Map<string, number[]>();
  entries.forEach((entry, i) => {
    for (const x of entry.stems) {
      const list = byStem.get(x);
      if (list) list.push(i);
      else byStem.set(x, [i]);
    }
  });
  return byStem;
}

/** Lower-cased text with curly quotes and dashes normalised, for phrase matching. */
export function normaliseForMatch(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[‐‑‒–—]/g, "-")
    .replace(/\s+/g, " ");
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A case-insensitive pattern for a phrase: whole words, any run of spaces, a hyphen or a space
 * between hyphenated parts, straight or curly apostrophes, and light inflection on the last
 * word ("leverage" also finds "leveraging" and "leveraged").
 */
export function phrasePattern(phrase: string): string {
  const words = normaliseForMatch(phrase.trim()).split(/[\s]+/);
  const parts = words.map((word, i) => {
    const split = word.split("-");
    const pieces = split.map((piece, j) => {
      let p = escapeRegExp(piece).replace(/'/g, "['’]");
      const last = i === words.length - 1 && j === split.length - 1;
      if (last && /^[a-z]{4,}$/.test(piece)) {
        p = piece.endsWith("e")
          ? `${escapeRegExp(piece.slice(0, -1))}(?:e|es|ed|ing)`
          : piece.endsWith("y")
            ? `${escapeRegExp(piece)}`
            : `${escapeRegExp(piece)}(?:s|es|ed|ing)?`;
      }
      return p;
    });
    return pieces.join("[-\\s]?");
  });
  const startBoundary = /^\w/.test(words[0] ?? "") ? "\\b" : "";
  const endBoundary = /\w$/.test(words.at(-1) ?? "") ? "\\b" : "";
  return `${startBoundary}${parts.join("\\s+")}${endBoundary}`;
}

/** Word count of plain text (figures and hyphenated compounds count once). */
export function countWords(text: string): number {
  return text.match(/[A-Za-z0-9][A-Za-z0-9'’.,%-]*/g)?.length ?? 0;
}
