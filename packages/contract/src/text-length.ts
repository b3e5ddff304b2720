import { REPURPOSE_LIMITS } from "./content";

/** Characters as people count them: code points, so an emoji or accented letter counts once. */
export function charLength(text: string): number {
  return [...text].length;
}

/** Links as X recognises them (with a scheme or starting www.), without trailing punctuation. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]'"’”]+$/;

/**
 * Weight of one code point on X: Latin, Greek, Cyrillic and the like (and common punctuation)
 * count 1; everything else (CJK, emoji, symbols) counts 2, as in X's counting rules (v3).
 */
function xWeight(codePoint: number): number {
  if (codePoint <= 0x10ff) return 1;
  if (codePoint >= 0x2000 && codePoint <= 0x200d) return 1;
  if (codePoint >= 0x2010 && codePoint <= 0x201f) return 1;
  if (codePoint >= 0x2032 && codePoint <= 0x2037) return 1;
  return 2;
}

/** Length of a post on X: every link counts as 23, wide characters as 2. */
export function xLength(text: string): number {
  let length = 0;
  let last = 0;
  const weigh = (s: string) => {
    for (const ch of s) length += xWeight(ch.codePointAt(0) ?? 0);
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    const start = match.index;
    weigh(text.slice(last, start));
    length += REPURPOSE_LIMITS.xUrlLength;
    last = start + url.length;
  }
  weigh(text.slice(last));
  return length;
}

const ELLIPSIS = "…";

/**
 * `text` if it fits `max` (as counted by `measure`); otherwise the longest prefix ending at a
 * sentence boundary that fits; otherwise the longest prefix ending at a word boundary plus an
 * ellipsis (or without one when `ellipsis` is false). Links are never split: they hold no
 * spaces and a sentence end needs one.
 */
export function cutAtSentence(
  text: string,
  max: number,
  options: { measure?: (s: string) => number; ellipsis?: boolean } = {},
): string {
  const measure = options.measure ?? charLength;
  const trimmed = text.trim();
  if (measure(trimmed) <= max) return trimmed;

  // Sentence ends: . ! ? or … (optionally followed by closing quotes/brackets) before whitespace,
  // and line breaks.
  const ends: number[] = [];
  for (const m of trimmed.matchAll(/[.!?…]["'’”)\]]*(?=\s)|\n/g)) {
    ends.push(m.index + (m[0] === "\n" ? 0 : m[0].length));
  }
  for (let i = ends.length - 1; i >= 0; i--) {
    const candidate = trimmed.slice(0, ends[i]).trim();
    if (candidate && measure(candidate) <= max) return candidate;
  }

  const suffix = options.ellipsis === false ? "" : ELLIPSIS;
  const spaces: number[] = [];
  for (const m of trimmed.matchAll(/\s+/g)) spaces.push(m.index);
  for (let i = spaces.length - 1; i >= 0; i--) {
    const candidate = trimmed.slice(0, spaces[i]).replace(/[\s,;:–—-]+$/, "");
    if (candidate && measure(candidate + suffix) <= max) return candidate + suffix;
  }

  // One unbroken word longer than the limit: cut by code points.
  let out = "";
  for (const ch of trimmed) {
    if (measure(out + ch + suffix) > max) break;
    out += ch;
  }
  return out + suffix;
}
