import type { KitLanguage } from "@content-studio/contract";

/**
 * Finding a glossary term in text, with the variants that are still the same term:
 * - a sentence-initial capital (a term stored as "cost model" found as "Cost model" at the start
 *   of a sentence), even for a case-sensitive term;
 * - a plural on the last word: `s`/`es` in English, French and Spanish, `e`/`en`/`n`/`s`/`er` in
 *   German; none in Japanese;
 * - a trailing trademark sign: ™ ® © or (TM) (R) (C), with or without a space before it;
 * - any run of spaces (no-break spaces included) where the term has a space.
 * A term not marked case-sensitive matches in any case. Outside Japanese a term only matches as
 * whole words (no Latin letter or digit right before or after it); a Japanese term matches anywhere.
 */

export interface TermLike {
  term: string;
  locale: KitLanguage;
  caseSensitive: boolean;
}

export interface TermMatch {
  /** The exact text found, variants included. */
  text: string;
  start: number;
  end: number;
  /** The plural ending found after the last word, "" when none. */
  plural: string;
  /** Found at the start of a sentence. */
  sentenceInitial: boolean;
}

const PLURALS: Record<KitLanguage, string> = {
  en: "(es|s)?",
  fr: "(es|s)?",
  es: "(es|s)?",
  de: "(en|er|e|n|s)?",
  ja: "()",
};

const TRADEMARK = String.raw`(?:\s?(?:[™®©]|\((?:TM|R|C)\)))?`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const hasCjk = (text: string) =>
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);

/** Whether the text before a position ends a sentence (or is the start of the paragraph). */
export function isSentenceStart(text: string, index: number): boolean {
  return /(?:^|[.!?…:;]\s+|\n)[\s"'«»„“”‘’(¿¡*•–—-]*$/u.test(text.slice(0, index));
}

function patternOf(t: TermLike): RegExp {
  const words = t.term.trim().split(/\s+/).map(escape);
  const cjk = t.locale === "ja" || hasCjk(t.term);
  const body = words.join(String.raw`[\s\u00A0\u202F]+`);
  const before = cjk ? "" : String.raw`(?<![\p{Script=Latin}\p{N}])`;
  const after = cjk ? "" : String.raw`(?![\p{Script=Latin}\p{N}])`;
  // Case-sensitive terms are matched case-insensitively here and checked in `findTerm`, which
  // lets the first letter differ only at a sentence start.
  return new RegExp(`${before}${body}${PLURALS[cjk ? "ja" : t.locale]}${TRADEMARK}${after}`, "giu");
}

const compiled = new WeakMap<TermLike, RegExp>();

/** Every place the term occurs in `text`, with its variants. */
export function findTerm(t: TermLike, text: string): TermMatch[] {
  let pattern = compiled.get(t);
  if (!pattern) {
    pattern = patternOf(t);
    compiled.set(t, pattern);
  }
  const stored = t.term.trim().replace(/\s+/g, " ");
  const found: TermMatch[] = [];
  for (const m of text.matchAll(pattern)) {
    const start = m.index;
    const sentenceInitial = isSentenceStart(text, start);
    const plural = m[1] ?? "";
    if (t.caseSensitive) {
      const core = m[0].replace(/[\s\u00A0\u202F]+/g, " ").slice(0, stored.length);
      if (!sameCase(core, stored, sentenceInitial)) continue;
    }
    found.push({ text: m[0], start, end: start + m[0].length, plural, sentenceInitial });
  }
  return found;
}

/** The found text written as stored, its first letter capitalised only at a sentence start. */
function sameCase(found: string, stored: string, sentenceInitial: boolean): boolean {
  if (found === stored) return true;
  return (
    sentenceInitial &&
    found.slice(1) === stored.slice(1) &&
    found.charAt(0) === stored.charAt(0).toLocaleUpperCase()
  );
}

/** `term` with a capital first letter when `like` was found with one at a sentence start. */
export function matchCapital(term: string, like: TermMatch): string {
  const first = like.text.charAt(0);
  return like.sentenceInitial && first !== first.toLocaleLowerCase()
    ? term.charAt(0).toLocaleUpperCase() + term.slice(1)
    : term;
}
