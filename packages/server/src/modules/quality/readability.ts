/**
 * Word, sentence and syllable counts and the two published Flesch formulas:
 *
 *   Flesch Reading Ease    = 206.835 − 1.015 · (words / sentences) − 84.6 · (syllables / words)
 *   Flesch–Kincaid Grade   = 0.39 · (words / sentences) + 11.8 · (syllables / words) − 15.59
 *
 * Counting rules (documented because every tool differs slightly):
 * - A word is a run of letters or digits; inner apostrophes, hyphens, dots and commas keep it
 *   together, so "don't", "time-to-market", "4.1M" and "35-45%" are one word each.
 * - A sentence ends at ". ", "! " or "? " before a capital letter, digit or quote, at the end
 *   of a line (headings, paragraphs and list items are lines) and at the end of the text.
 *   Common abbreviations ("e.g.", "i.e.", "U.S.", "Inc.") do not end sentences.
 * - Syllables use the vowel-group heuristic below, with corrections for silent endings and
 *   common vowel pairs that split ("ri-a", "u-al", "i-ous"). A hyphenated compound has the
 *   syllables of its parts. A word containing a digit counts as two syllables (most spoken
 *   figures, "thirty-five", "four point one", are two or more).
 */

import { boundedMemo } from "../../lib/bounded-memo";

/** Words the heuristic gets wrong often enough in this domain to list. */
const SYLLABLE_EXCEPTIONS: Record<string, number> = {
  area: 3,
  areas: 3,
  being: 2,
  business: 2,
  businesses: 3,
  client: 2,
  clients: 2,
  create: 2,
  created: 3,
  creates: 2,
  creating: 3,
  creation: 3,
  creative: 3,
  doing: 2,
  element: 3,
  elements: 3,
  going: 2,
  idea: 3,
  ideas: 3,
  people: 2,
  science: 2,
  sometimes: 2,
  via: 2,
};

/** Syllables in one English word (letters only; see the module comment for the rules). */
export function countSyllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, "");
  return w ? syllablesRemembered(w) : 0;
}

function syllablesOf(word: string): number {
  let w = word;
  const exception = SYLLABLE_EXCEPTIONS[w];
  if (exception !== undefined) return exception;
  if (w.length <= 3) return 1;

  // Silent endings: "-es" except after a sibilant ("changes", "prices"), "-ed" except after
  // t or d ("wanted"), and a final "e" except consonant + "le" ("table").
  if (w.endsWith("es") && !/(?:[cgsxz]|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("ed") && !/[td]ed$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("e") && !/[^aeiouy]le$/.test(w)) w = w.slice(0, -1);

  // "qu" is a consonant sound; a leading "y" ("year", "yield") is a consonant.
  w = w.replace(/qu/g, "q").replace(/^y/, "");
  let count = w.match(/[aeiouy]+/g)?.length ?? 0;

  // Vowel pairs that are two syllables: ma-te-ri-al, ac-tu-al, con-tin-u-ous, var-i-ous,
  // pre-mi-um, sup-pli-er, ra-ti-o, in-te-ri-or, ap-ply-ing, vid-e-o, mech-a-nism.
  const splits = [
    /[^cgst]ia/g,
    /[^gq]ua/g,
    /uou/g,
    /[^cgtx]iou/g,
    /iu/g,
    /rior|io$/g,
    /[a-z]y[aeiou]/g,
    /eo(?!u)/g,
    /ism$/g,
  ];
  for (const pattern of splits) count += w.match(pattern)?.length ?? 0;
  if (w.length > 4 && /ier$/.test(w)) count += 1;
  // A silent "e" inside a suffixed word: man-age-ment, com-plete-ly, use-ful, a-ware-ness.
  if (/[aeiouy][^aeiouy]e(?:ment|ly|ful|ness|less)s?$/.test(w)) count -= 1;
  return Math.max(1, count);
}

// Word → syllables. Words repeat a lot in a draft and across refinements.
const syllablesRemembered = boundedMemo(50_000, syllablesOf);

/** Syllables of one word token as the readability counter sees it (compounds, figures). */
export function syllablesOfToken(token: string): number {
  if (/\d/.test(token)) return 2;
  return token
    .split(/[-–]/)
    .filter(Boolean)
    .reduce((sum, part) => sum + countSyllables(part), 0);
}

const WORD_TOKEN = /[A-Za-z0-9]+(?:[.,'’\-–][A-Za-z0-9]+)*%?/g;
const ABBREVIATION =
  /(?:\b(?:e\.g|i\.e|etc|vs|approx|inc|ltd|co|corp|mr|mrs|ms|dr|no|fig)|\b[A-Z]\.[A-Z])\.$/i;

/** Words of a text, as counted for readability. */
export function wordTokens(text: string): string[] {
  return text.match(WORD_TOKEN) ?? [];
}

/** Sentences of a text; each line is at least one sentence. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\n+/)) {
    const pieces = line.split(/(?<=[.!?])["'”’)\]]*\s+(?=["'“‘([]?[A-Z0-9])/);
    let carry = "";
    for (const piece of pieces) {
      const candidate = carry ? `${carry} ${piece}` : piece;
      if (ABBREVIATION.test(candidate.trim())) {
        carry = candidate;
        continue;
      }
      carry = "";
      if (wordTokens(candidate).length > 0) sentences.push(candidate.trim());
    }
    if (carry && wordTokens(carry).length > 0) sentences.push(carry.trim());
  }
  return sentences;
}

export interface ReadabilityCounts {
  words: number;
  sentences: number;
  syllables: number;
}

export function countReadability(text: string): ReadabilityCounts & { sentenceLengths: number[] } {
  const sentences = splitSentences(text);
  let words = 0;
  let syllables = 0;
  const sentenceLengths: number[] = [];
  for (const sentence of sentences) {
    const tokens = wordTokens(sentence);
    sentenceLengths.push(tokens.length);
    words += tokens.length;
    for (const token of tokens) syllables += syllablesOfToken(token);
  }
  return { words, sentences: sentences.length, syllables, sentenceLengths };
}

/** Flesch Reading Ease (higher is easier; 30–50 is "difficult", typical of business writing). */
export function fleschReadingEase({ words, sentences, syllables }: ReadabilityCounts): number {
  if (words === 0 || sentences === 0) return 0;
  return 206.835 - 1.015 * (words / sentences) - 84.6 * (syllables / words);
}

/** Flesch–Kincaid Grade Level (US school grade). */
export function fleschKincaidGrade({ words, sentences, syllables }: ReadabilityCounts): number {
  if (words === 0 || sentences === 0) return 0;
  return 0.39 * (words / sentences) + 11.8 * (syllables / words) - 15.59;
}

export function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round((n + Number.EPSILON * Math.sign(n)) * f) / f;
}
