import { describe, expect, it } from "vitest";
import { charLength, xLength } from "@content-studio/contract";
import { enforceRepurposeLimits, repurposeViolations } from "./limits";

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
