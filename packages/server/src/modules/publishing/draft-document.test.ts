import { describe, expect, it } from "vitest";
import { draftKey, utmParameters, withUtm } from "./draft-document";

describe("UTM parameters on links", () => {
  const params = utmParameters({ source: "cs", medium: "blog", campaign: "evergreen" }, null);

  it("adds them to absolute http(s) links, keeping the query and fragment", () => {
    expect(withUtm('<a href="https://a.example/x?y=1#top">x</a>', params)).toBe(
      '<a href="https://a.example/x?y=1&amp;utm_source=cs&amp;utm_medium=blog&amp;utm_campaign=evergreen#top">x</a>',
    );
  });

  it("leaves links that carry a utm_ parameter, mail links and relative links", () => {
    for (const html of [
      '<a href="https://a.example/?utm_campaign=spring">x</a>',
      '<a href="mailto:sales@example.com">x</a>',
      '<a href="/pricing">x</a>',
    ]) {
      expect(withUtm(html, params)).toBe(html);
    }
  });

  it("takes the campaign from the item's kit before the connection's", () => {
    expect(
      utmParameters({ source: "cs", medium: "email", campaign: "" }, "Q3 Aerospace Push"),
    ).toEqual({
      utm_source: "cs",
      utm_medium: "email",
      utm_campaign: "q3-aerospace-push",
    });
    expect(utmParameters({ source: "cs", medium: "blog", campaign: "" }, null)).toEqual({
      utm_source: "cs",
      utm_medium: "blog",
    });
  });

  it("keys a draft by its title and item id", () => {
    expect(draftKey("3f2c9a1b-0000-4000-8000-000000000000", "Should-cost: why?")).toBe(
      "should-cost-why-3f2c9a1b",
    );
  });
});
