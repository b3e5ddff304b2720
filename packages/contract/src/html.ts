/**
 * The one HTML allow-list for rich text (content bodies, example files, model output): the
 * server's sanitiser, the browser's DOMPurify config and the prompt that tells models which
 * elements to use all derive from these lists. Everything else (scripts, styles, event
 * handlers, iframes, images, javascript: URLs) is removed.
 */

/** The allow-list's block-level elements: each one stands as a paragraph of its own (DOCX). */
export const RICH_HTML_BLOCK_TAGS = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "hr",
  "ul",
  "ol",
  "li",
  "blockquote",
  "pre",
  "table",
] as const;

/** Every element the allow-list keeps: the block-level ones and what stands inside them. */
export const RICH_HTML_TAGS = [
  ...RICH_HTML_BLOCK_TAGS,
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "code",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "a",
  "sup",
  "sub",
] as const;

export type RichHtmlTag = (typeof RICH_HTML_TAGS)[number];

/** The attributes each element may keep. */
export const RICH_HTML_ATTRIBUTES: Partial<Record<RichHtmlTag, readonly string[]>> = {
  a: ["href", "title", "rel", "target"],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"],
};

/** URL schemes a link may use (no relative-protocol, no javascript:, no data:). */
export const RICH_HTML_SCHEMES = ["http", "https", "mailto"] as const;

/**
 * The elements a model is asked to write a body with: a subset of the allow-list (typed so,
 * so the prompt can never ask for an element the sanitiser would remove).
 */
export const MODEL_BODY_HTML_TAGS: readonly RichHtmlTag[] = [
  "h2",
  "h3",
  "p",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "blockquote",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "a",
];

/** Every attribute name the allow-list keeps on some element. */
export function richHtmlAttributeNames(): string[] {
  return [...new Set(Object.values(RICH_HTML_ATTRIBUTES).flat())];
}

/** Whether a link target uses one of the allowed schemes. */
export const RICH_HTML_URL_PATTERN = new RegExp(`^(?:${RICH_HTML_SCHEMES.join("|")}):`, "i");
