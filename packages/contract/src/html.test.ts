import { describe, expect, it } from "vitest";
import {
  MODEL_BODY_HTML_TAGS,
  RICH_HTML_TAGS,
  RICH_HTML_URL_PATTERN,
  richHtmlAttributeNames,
} from "./html";

describe("the HTML allow-list", () => {
  it("asks models only for elements the sanitisers keep", () => {
    for (const tag of MODEL_BODY_HTML_TAGS) expect(RICH_HTML_TAGS).toContain(tag);
  });

  it("allows http(s) and mailto links only", () => {
    expect(RICH_HTML_URL_PATTERN.test("https://example.com")).toBe(true);
    expect(RICH_HTML_URL_PATTERN.test("mailto:a@b.c")).toBe(true);
    expect(RICH_HTML_URL_PATTERN.test("javascript:alert(1)")).toBe(false);
    expect(RICH_HTML_URL_PATTERN.test("data:text/html,x")).toBe(false);
  });

  it("keeps no attribute that runs code or styles the page", () => {
    const names = richHtmlAttributeNames();
    expect(names).toEqual(expect.arrayContaining(["href", "title", "colspan", "rowspan"]));
    expect(names.filter((n) => /^on|^style$|^src$/i.test(n))).toEqual([]);
  });
});
