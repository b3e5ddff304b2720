import { RICH_HTML_ATTRIBUTES, RICH_HTML_SCHEMES, RICH_HTML_TAGS } from "@content-studio/contract";
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

/** The contract's allow-list (RICH_HTML_TAGS and friends) as sanitize-html options. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_HTML_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_HTML_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedSchemes: [...RICH_HTML_SCHEMES],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
  },
};

export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Markdown → sanitised HTML. Raw HTML inside the markdown goes through the same allow-list. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeRichHtml(html);
}

/** Plain text of an HTML fragment (for search, scoring and exports). */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
