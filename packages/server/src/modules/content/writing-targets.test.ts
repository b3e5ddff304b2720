import { SECTION_WORD_RANGES, type QualityFinding } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { COMPANY_CATALOG, INDUSTRIES, PERSONAS } from "../../db/seed/reference-data";
import { scoreContent } from "../quality/scorer";

/**
 * The prompt states the contract's section ranges; the quality check's structure criterion
 * measures its own. This keeps the two equal: each section far too short (and far too long)
 * is reported with exactly the contract's range.
 */
function sectionFindings(words: number) {
  const text = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 7}`).join(" ");
  const report = scoreContent(
    {
      headline: text(words),
      introduction: text(words),
      body: `<h2>A</h2><p>${text(words)}</p>`,
      conclusion: text(words),
      persona: PERSONAS[0]!,
      industry: INDUSTRIES[0]!,
      buyingStage: "awareness",
      contentType: "technical-guide",
    },
    {
      catalog: COMPANY_CATALOG,
      bannedPhrases: [],
      personas: PERSONAS,
      industries: INDUSTRIES,
      facts: [],
    },
  );
  return report.criteria
    .find((c) => c.id === "structure")!
    .findings.filter(
      (f): f is Extract<QualityFinding, { code: "section_length" }> => f.code === "section_length",
    );
}

describe("writing targets", () => {
  it.each([
    ["too short", 1],
    ["too long", 2500],
  ])("match the structure criterion's section ranges (%s)", (_case, words) => {
    const findings = sectionFindings(words);
    const sections = Object.keys(SECTION_WORD_RANGES) as (keyof typeof SECTION_WORD_RANGES)[];
    for (const section of sections) {
      const finding = findings.find((f) => f.section === section);
      expect(finding, section).toBeDefined();
      expect({ min: finding!.min, max: finding!.max }, section).toEqual(
        SECTION_WORD_RANGES[section],
      );
    }
  });
});
