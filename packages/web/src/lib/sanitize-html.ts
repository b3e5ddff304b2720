import {
  RICH_HTML_TAGS,
  RICH_HTML_URL_PATTERN,
  richHtmlAttributeNames,
} from "@content-studio/contract";
import DOMPurify from "dompurify";

/**
 * Sanitises rich-text HTML (content bodies) for `dangerouslySetInnerHTML` with the contract's
 * allow-list, the same one the server applies: a stored body that slipped past the server
 * still renders inert.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_HTML_TAGS],
    ALLOWED_ATTR: richHtmlAttributeNames(),
    ALLOWED_URI_REGEXP: RICH_HTML_URL_PATTERN,
  });
}
