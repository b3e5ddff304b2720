import { describe, expect, it } from "vitest";
import {
  charLength,
  cutAtSentence,
  enforceRepurposeLimits,
  repurposeViolations,
  xLength,
} from "./limits";

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

describe("repurpose limits", () => {
  const ok = {
    linkedin: "A post.",
    x: "A short post https://example.com/x",
    emailSubjects: ["One", "Two", "Three"],
    newsletter: "A blurb.",
  };

  it("finds no violation in text within limits", () => {
    expect(repurposeViolations(ok)).toEqual([]);
  });

  it("names each violation", () => {
    const v = repurposeViolations({
      linkedin: "a".repeat(3001),
      x: `${"b. ".repeat(100)}`,
      emailSubjects: ["s".repeat(61), "ok"],
      newsletter: "n".repeat(601),
    });
    expect(v).toHaveLength(5);
    expect(v.join(" ")).toMatch(/linkedin is 3001 characters/);
  });

  it("enforces every limit, keeping three subject lines", () => {
    const long = (n: number) =>
      Array.from({ length: n }, (_, i) => `Sentence number ${i} is here.`).join(" ");
    const out = enforceRepurposeLimits({
      linkedin: long(200),
      x: `${long(20)} https://example.com/${"z".repeat(100)}`,
      emailSubjects: [
        "A subject line that is far too long for any inbox to show whole",
        "Two",
        "Three",
        "Four",
      ],
      newsletter: long(40),
    });
    expect(charLength(out.linkedin)).toBeLessThanOrEqual(3000);
    expect(out.linkedin.endsWith(".")).toBe(true);
    expect(xLength(out.x)).toBeLessThanOrEqual(280);
    expect(out.emailSubjects).toHaveLength(3);
    for (const s of out.emailSubjects) expect(charLength(s)).toBeLessThanOrEqual(60);
    expect(charLength(out.newsletter)).toBeLessThanOrEqual(600);
    expect(repurposeViolations(out)).toEqual([]);
  });
});
