import type { ContentBrief } from "./writer";

/** Small text helpers of the built-in writer: a stable hash, casing, trimming and escaping. */

/** FNV-1a, 32 bits: a stable hash of the inputs that seeds every choice. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
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
