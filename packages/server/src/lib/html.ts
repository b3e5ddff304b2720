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

const ENTITIES: Record<string, string> = {
  "&nbsp;": " ",
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
  "&apos;": "'",
};

/** Decodes the entities sanitize-html and marked emit. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:nbsp|amp|lt|gt|quot|apos|#39|#x27);/g, (e) => ENTITIES[e] ?? e);
}

/** Plain text of an HTML fragment (for search, scoring and exports). */
export function htmlToText(html: string): string {
  return decodeEntities(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, " ")
    .trim();
}

/** Plain text made safe to place inside HTML (text content or a quoted attribute). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A plain-text section as stored (headline, introduction, conclusion): any markup is removed
 * (scripts with their content), entities decoded, line breaks kept. Clients render it as text.
 */
export function toPlainText(text: string): string {
  const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(stripped)
    .replace(/[ \t]+/g, " ")
    .trim();
}

/**
 * The shared allow-list keeps mailto: and relative links, which example files may use. Stored
 * content bodies are stricter: a link keeps its href only when it is absolute http(s). This
 * pass runs on already-sanitised HTML, so it may pass every tag and attribute through.
 */
const HTTP_LINKS_ONLY: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
  transformTags: {
    a: (tagName, attribs) => {
      const { href, ...rest } = attribs;
      return {
        tagName,
        attribs: href && /^https?:\/\/[^\s]/i.test(href.trim()) ? { ...rest, href } : rest,
      };
    },
  },
};

/** A content body as stored: the allow-list, then http(s) links only. */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(sanitizeRichHtml(html), HTTP_LINKS_ONLY).trim();
}
