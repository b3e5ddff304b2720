/**
 * The outline the offline outline writer produces: each body section is a list whose items
 * start with one of these labels (`<li><strong>Point to make:</strong> …</li>`). The writer
 * builds them from these constants and the quality check recognises an outline with
 * {@link isOutlineBody}, so the wording lives only here.
 */
export const OUTLINE_LABELS = {
  point: "Point to make",
  fact: "Supporting fact",
  example: "Example to add",
} as const;
export type OutlineLabelId = keyof typeof OUTLINE_LABELS;

/** What an outline item says when no approved fact shares words with the section's point. */
export const OUTLINE_NO_FACT = "none yet — add evidence";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A list item whose text starts with the label and a colon, optionally in bold. */
const labelPattern = (label: string) =>
  new RegExp(`<li\\b[^>]*>\\s*(?:<(?:strong|b)\\b[^>]*>\\s*)?${escapeRegExp(label)}\\s*:`, "i");
const LABEL_PATTERNS = Object.values(OUTLINE_LABELS).map(labelPattern);

/**
 * Whether a body (HTML) is an outline rather than written copy: at least two of the
 * {@link OUTLINE_LABELS} start list items. Pure; used by the generation pipeline (an outline
 * is not refined) and the quality check (it reports `outline_draft`).
 */
export function isOutlineBody(html: string): boolean {
  return LABEL_PATTERNS.filter((pattern) => pattern.test(html)).length >= 2;
}
