import { describe, expect, it } from "vitest";
import { charLength, cutAtSentence, xLength } from "./text-length";

describe("xLength", () => {
  it("counts plain text by characters", () => {
    expect(xLength("Cut late ECOs.")).toBe(14);
  });

  it("counts every link as 23, whatever its length", () => {
    const long = `https://example.com/${"a".repeat(200)}`;
    expect(xLength(`Read: ${long}`)).toBe(6 + 23);
    expect(xLength("See https://x.co now")).toBe(4 + 23 + 4);
    expect(xLength("www.example.com/report")).toBe(23);
  });

  it("leaves trailing punctuation outside the link", () => {
    expect(xLength("Read https://example.com/a.")).toBe(5 + 23 + 1);
  });

  it("counts wide characters (CJK, emoji) as 2", () => {
    expect(xLength("設計")).toBe(4);
    expect(xLength("🚀")).toBe(2);
    expect(xLength("café — naïve")).toBe(12);
  });
});

describe("cutAtSentence", () => {
  it("returns text that fits unchanged (trimmed)", () => {
    expect(cutAtSentence("  Short. Text.  ", 50)).toBe("Short. Text.");
  });

  it("cuts at the last sentence boundary that fits", () => {
    const text = "First sentence here. Second sentence is longer. Third one.";
    expect(cutAtSentence(text, 30)).toBe("First sentence here.");
    expect(cutAtSentence(text, 48)).toBe("First sentence here. Second sentence is longer.");
  });

  it("treats ! ? and line breaks as boundaries", () => {
    expect(cutAtSentence("Why wait? Act on cost early! More words follow here.", 30)).toBe(
      "Why wait? Act on cost early!",
    );
    expect(cutAtSentence("Line one\nLine two is much longer than allowed", 12)).toBe("Line one");
  });

  it("falls back to a word boundary with an ellipsis when no sentence fits", () => {
    const out = cutAtSentence("One very long sentence without any stop at all", 20);
    expect(out).toBe("One very long…");
    expect(charLength(out)).toBeLessThanOrEqual(20);
  });

  it("can cut at a word boundary without an ellipsis", () => {
    expect(cutAtSentence("Cut ECOs before design freeze", 15, { ellipsis: false })).toBe(
      "Cut ECOs before",
    );
  });

  it("never splits a link and measures with the given function", () => {
    const text = `Design-stage cost cuts late ECOs by a third. Read the guide: https://example.com/${"x".repeat(300)} and more.`;
    const out = cutAtSentence(text, 80, { measure: xLength });
    expect(xLength(out)).toBeLessThanOrEqual(80);
    expect(out).toBe("Design-stage cost cuts late ECOs by a third.");
    const withLink = cutAtSentence(
      `Read it: https://example.com/${"y".repeat(100)} today please`,
      40,
      {
        measure: xLength,
      },
    );
    expect(withLink).toMatch(/^Read it: https:\/\/example\.com\/y{100} today…$/);
    expect(xLength(withLink)).toBeLessThanOrEqual(40);
  });

  it("hard-cuts a single word longer than the limit", () => {
    expect(charLength(cutAtSentence("x".repeat(50), 10))).toBe(10);
  });
});

describe("xLength (links and wide characters)", () => {
  it("counts every link as 23 characters, short or long", () => {
    const long = `https://example.com/${"a".repeat(100)}`;
    expect(xLength(`Read ${long}`)).toBe(5 + 23);
    expect(xLength("Go https://x.co now")).toBe(3 + 23 + 4);
    expect(xLength("www.example.com/page")).toBe(23);
  });

  it("leaves trailing punctuation out of the link", () => {
    expect(xLength("https://a.io/x and http://b.io/y.")).toBe(23 + 5 + 23 + 1);
    expect(xLength("(see https://a.io/x)")).toBe(5 + 23 + 1);
  });

  it("counts an emoji once as a character but twice on X", () => {
    expect(charLength("🚀 go")).toBe(4);
    expect(xLength("🚀 https://a.io")).toBe(2 + 1 + 23);
  });
});
