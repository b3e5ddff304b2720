import TurndownService from "turndown";

const turndown = new TurndownService({
  headingStyle: "atx",
  bulletListMarker: "-",
  codeBlockStyle: "fenced",
  emDelimiter: "*",
});

/**
 * An example body as Markdown for editing. Bodies from files are Markdown already; bodies saved
 * from generated content were stored as (sanitised) HTML and are converted, so the editor
 * never shows raw tags under a "Markdown" hint. Saving the edit stores the Markdown.
 */
export function bodyAsMarkdown(body: string): string {
  return looksLikeHtml(body) ? turndown.turndown(body).trim() : body;
}

/** Starts with an HTML block element (what generated bodies always do). */
export function looksLikeHtml(body: string): boolean {
  return /^\s*<(p|h[1-6]|ul|ol|div|blockquote|table|section|pre|figure|br|hr)\b/i.test(body);
}
