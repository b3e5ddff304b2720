import DOMPurify from "dompurify";

// The server's allow-list for rich text (sanitize-html there); anything else is dropped here
// too, so a stored body that slipped past the server still renders inert.
const ALLOWED_TAGS = [
  "h2",
  "h3",
  "h4",
  "p",
  "br",
  "ul",
  "ol",
  "li",
  "strong",
  "b",
  "em",
  "i",
  "blockquote",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "a",
];

/**
 * Sanitises rich-text HTML (content bodies) for `dangerouslySetInnerHTML`: only formatting
 * tags, only http(s)/mailto links, no attributes that run code or style the page.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ["href", "title"],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
}
