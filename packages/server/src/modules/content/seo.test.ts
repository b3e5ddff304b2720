import { describe, expect, it } from "vitest";
import { analyzeSeo, deriveKeyword, suggestMetaDescription } from "./seo";

describe("deriveKeyword", () => {
  it("takes the longest noun phrase of the topic, at most three words", () => {
    expect(
      deriveKeyword("How digital manufacturing simulation improves ROI for aerospace suppliers"),
    ).toBe("digital manufacturing simulation");
    expect(deriveKeyword("Should-cost analysis for aerospace suppliers")).toBe(
      "should-cost analysis",
    );
    expect(deriveKeyword("Why ECOs cost so much")).toBe("ECOs cost");
  });

  it("falls back to the first words when every word is a stop word", () => {
    expect(deriveKeyword("how to do it")).toBe("how to do");
  });
});

const piece = {
  headline: "Design-to-cost: how should-cost analysis protects aerospace margins",
  introduction:
    "Most aerospace programs find cost problems after design freeze. Should-cost analysis moves that discovery into design reviews, where changes are cheap.",
  body: [
    "<h2>Why should-cost analysis belongs in design reviews</h2>",
    "<p>Engineers make most cost decisions early. A should-cost model shows what a part ought to cost.</p>",
    "<h3>Set targets per part</h3>",
    "<p>Give every part a target. Review it at each gate.</p>",
    "<h2>What changes for procurement</h2>",
    "<p>Buyers negotiate with facts instead of anchoring on last year's price.</p>",
  ].join(""),
  conclusion: "Download the should-cost checklist to run your next design review.",
};

describe("analyzeSeo", () => {
  it("reports keyword placement, density, meta description and grade", () => {
    const seo = analyzeSeo({ ...piece, primaryKeyword: "should-cost analysis" });
    expect(seo.keyword).toBe("should-cost analysis");
    expect(seo.inHeadline).toBe(true);
    expect(seo.inIntroduction).toBe(true);
    expect(seo.inSubheadings).toEqual({ count: 1, total: 3 });
    expect(seo.density).toBeGreaterThan(0);
    expect(seo.density).toBeLessThan(20);
    expect(seo.suggestedMetaDescription.length).toBeLessThanOrEqual(160);
    expect(seo.suggestedMetaDescription.toLowerCase()).toContain("should-cost analysis");
    expect(seo.readabilityGrade).toBeGreaterThan(0);
  });

  it("defaults the keyword to a phrase from the topic", () => {
    const seo = analyzeSeo({ ...piece, topic: "Using should-cost analysis in design reviews" });
    expect(seo.keyword).toBe("should-cost analysis");
  });

  it("reports a keyword that is nowhere", () => {
    const seo = analyzeSeo({ ...piece, primaryKeyword: "quantum widgets" });
    expect(seo).toMatchObject({
      inHeadline: false,
      inIntroduction: false,
      inSubheadings: { count: 0, total: 3 },
      density: 0,
    });
    expect(seo.suggestedMetaDescription.startsWith("Quantum widgets: ")).toBe(true);
    expect(seo.suggestedMetaDescription.length).toBeLessThanOrEqual(160);
  });
});

describe("suggestMetaDescription", () => {
  it("ends at a sentence boundary: a shorter sentence wins over cutting a long one", () => {
    const long = `Cost engineering ${"matters a great deal to every program ".repeat(8)}today.`;
    const meta = suggestMetaDescription("cost engineering", {
      introduction: `${long} Design decisions set most of a product's cost.`,
      bodyText: "",
      conclusion: "",
    });
    expect(meta).toBe("Cost engineering: Design decisions set most of a product's cost.");
  });

  it("shortens a sentence only when none fits, at a clause boundary first", () => {
    const clauses = suggestMetaDescription("cost engineering", {
      introduction: `Cost engineering matters to every program we run, ${"and to every supplier we work with ".repeat(5)}today.`,
      bodyText: "",
      conclusion: "",
    });
    expect(clauses).toBe("Cost engineering matters to every program we run.");
    const oneClause = suggestMetaDescription("cost engineering", {
      introduction: `Cost engineering ${"matters a great deal to every program ".repeat(8)}today.`,
      bodyText: "",
      conclusion: "",
    });
    expect(oneClause.length).toBeLessThanOrEqual(160);
    expect(oneClause).toMatch(/\S…$/);
  });

  it("ends every suggestion at a sentence boundary for outlines of the outline writer", async () => {
    const { composeOutline } = await import("../ai/builtin-outline");
    const { INDUSTRIES, PERSONAS } = await import("../../db/seed/reference-data");
    const { contentBrief } = await import("../../../test/support/content");
    for (const topic of [
      "Should-cost analysis",
      "How do we cut ECOs?",
      "x",
      "Material choices for lightweight structures",
    ]) {
      for (const persona of PERSONAS) {
        const d = composeOutline(contentBrief({ persona, industry: INDUSTRIES[1]!, topic }));
        const seo = analyzeSeo({ ...d, topic });
        expect(seo.suggestedMetaDescription.length).toBeLessThanOrEqual(160);
        expect(seo.suggestedMetaDescription, topic).toMatch(/[.!?]["”’)]?$/);
      }
    }
  });

  it("adds following sentences while they fit", () => {
    const meta = suggestMetaDescription("ECOs", {
      introduction: "ECOs are expensive. They delay launches. Each one costs weeks.",
      bodyText: "",
      conclusion: "",
    });
    expect(meta).toBe("ECOs are expensive. They delay launches. Each one costs weeks.");
  });
});

describe("suggested meta description", () => {
  it("draws on paragraphs only, so a heading never runs into a sentence", () => {
    const result = analyzeSeo({
      headline: "Should-cost in aerospace",
      introduction: "The focus here is should-cost.",
      body: "<h2>The problem behind the evaluation</h2><p>Costs are set early in design.</p>",
      conclusion: "Read the guide.",
      primaryKeyword: "should-cost",
    });
    expect(result.suggestedMetaDescription).toContain("The focus here is should-cost.");
    expect(result.suggestedMetaDescription).not.toContain("The problem behind the evaluation");
    expect(result.suggestedMetaDescription).toContain("Costs are set early in design.");
  });
});
