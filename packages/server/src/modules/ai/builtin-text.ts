import type { ContentBrief } from "./writer";

/**
 * Small text helpers of the built-in writer: seeded choice, casing, lists and the clean-up of
 * reference phrases (which may carry figures that are not the reader's chosen metrics).
 */

/** FNV-1a, 32 bits: a stable hash of the inputs that seeds every choice. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Deterministic choices (mulberry32): the same seed always picks the same items. */
export class Picker {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("nothing to pick from");
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** The items from a seeded start, wrapping around: no repeats until every item was used. */
  cycle<T>(items: readonly T[]): (index: number) => T {
    if (items.length === 0) throw new Error("nothing to pick from");
    const start = Math.floor(this.next() * items.length);
    return (index) => items[(start + index) % items.length]!;
  }
}

/** The seed of a brief: everything that should change the wording when it changes. */
export function briefSeed(brief: ContentBrief, salt: string): number {
  return hashString(
    [
      salt,
      brief.persona.id,
      brief.industry.id,
      brief.buyingStage,
      brief.contentType,
      brief.topic.trim().toLowerCase(),
      brief.keyMetrics.join("|"),
      brief.solutions.map((s) => s.name).join("|"),
      brief.primaryKeyword ?? "",
      brief.goodExamples.map((e) => e.id).join("|"),
    ].join("\u241f"),
  );
}

/** Lower-cases the first letter unless the word is an acronym or a name ("ECOs", "BOM", "PLM"). */
export function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a"/"an" for a word or acronym ("an NPI", "a CTO", "an aerospace", "a VP"). */
export function withArticle(word: string): string {
  const vowelSound = /^[A-Z]{2,}/.test(word)
    ? /^[AEFHILMNORSX]/.test(word)
    : /^[aeiou]/i.test(word);
  return `${vowelSound ? "an" : "a"} ${word}`;
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Trims, collapses whitespace and drops trailing punctuation. */
export function tidy(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\s.;:,!?]+$/, "");
}

/** At most `max` characters, cut at a word boundary (no ellipsis: it is used inside sentences). */
export function clip(text: string, max: number): string {
  const clean = tidy(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return tidy(space > max * 0.5 ? cut.slice(0, space) : clean.slice(0, max));
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** Codes that mix letters and digits in one word state no figure (AS9100, 3D); "Tier 1" does. */
const CODES = /\b(?:[A-Za-z]+\d[A-Za-z\d]*|\d+(?![xX]\b)[A-Za-z][A-Za-z\d]*)\b/g;

/** Whether a phrase states a figure (a number that is not part of a code). */
export function hasFigure(text: string): boolean {
  return /\d/.test(text.replace(CODES, ""));
}

/**
 * A reference phrase without the clauses that carry figures: "Cost overruns found after design
 * freeze, when 70-80% of cost is locked in" → "Cost overruns found after design freeze".
 * Undefined when nothing figure-free is left. Only the reader's chosen metrics may carry numbers.
 */
export function withoutFigures(text: string): string | undefined {
  const clean = tidy(text);
  if (!hasFigure(clean)) return clean;
  const kept = clean
    .split(/,\s+|;\s+|\s+(?=(?:when|where|because|while|with)\s)/)
    .filter((part) => !hasFigure(part));
  const result = tidy(kept.join(", "));
  return result.split(/\s+/).length >= 3 ? result : undefined;
}

/** Up to `n` figure-free phrases from a reference list. */
export function cleanList(items: readonly string[], n: number): string[] {
  const out: string[] = [];
  for (const item of items) {
    const clean = withoutFigures(item);
    if (clean && !out.includes(clean)) out.push(clean);
    if (out.length >= n) break;
  }
  return out;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Plain text of an HTML fragment: tags become spaces, common entities are decoded. */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
