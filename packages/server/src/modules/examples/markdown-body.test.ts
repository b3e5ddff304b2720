import { describe, expect, it } from "vitest";
import { bodyAsMarkdown, looksLikeHtml } from "./markdown-body";

describe("bodyAsMarkdown", () => {
  it("turns a stored HTML body (saved from generated content) into Markdown", () => {
    const html =
      "<h3>Why cost moves late</h3><p>Most cost is <strong>locked in</strong> at design freeze.</p><ul><li>Late ECOs</li><li>Supplier quotes</li></ul>";
    expect(looksLikeHtml(html)).toBe(true);
    expect(bodyAsMarkdown(html)).toBe(
      "### Why cost moves late\n\nMost cost is **locked in** at design freeze.\n\n-   Late ECOs\n-   Supplier quotes",
    );
  });

  it("leaves a Markdown body as it is, even when it mentions a tag later", () => {
    const markdown = "### Heading\n\nUse the <b> tag sparingly.";
    expect(looksLikeHtml(markdown)).toBe(false);
    expect(bodyAsMarkdown(markdown)).toBe(markdown);
  });
});
