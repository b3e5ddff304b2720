import {
  DEFAULT_BANNED_PHRASES,
  QUALITY_CRITERIA,
  QualityReportSchema,
  type QualityCriterionId,
  type QualityReport,
} from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { COMPANY_CATALOG, INDUSTRIES, PERSONAS } from "../../db/seed/reference-data";
import { CRITERION_WEIGHTS, scoreContent, type ContentInput, type ScoringContext } from "./scorer";
import { SimilarityIndex } from "./similarity";

const vp = PERSONAS.find((p) => p.id === "vp-engineering")!;
const aerospace = INDUSTRIES.find((i) => i.id === "aerospace")!;

/** A reasonable awareness piece for an aerospace VP of Engineering. */
function baseInput(overrides: Partial<ContentInput> = {}): ContentInput {
  return {
    headline: "Why late engineering changes keep eroding aerospace program margins",
    introduction:
      "For a VP of Engineering on an aerostructures program, engineering change orders raised after design freeze arrive as schedule slips and re-opened stress reports. Many of them are cost problems that were visible at the design review, long before a supplier quote came back.",
    body: [
      "<h2>Why cost-driven changes arrive late</h2>",
      "<p>Cost visibility still follows the supply chain, not the design. A part is modeled, released and sent for quote, and only then compared against its target cost. By then the drawing is under AS9100 configuration control and every change passes through the change board.</p>",
      "<h2>What leading programs do differently</h2>",
      "<ul><li>They attach a should-cost estimate to every major part at PDR and CDR.</li><li>They tie DFM rules to the machining and composite suppliers they actually use.</li><li>They keep one cost baseline for engineering, procurement and the program office.</li></ul>",
      "<h2>The size of the prize</h2>",
      "<p>Teams that move cost feedback into design reduce late rework and protect margin on titanium and forged parts, where supplier price increases hit hardest. Fewer late changes also mean fewer re-submitted first article inspections and a steadier path to delivery milestones.</p>",
    ].join("\n"),
    conclusion:
      "Start by measuring how many of last year's changes were cost-driven. Our ECO benchmark worksheet walks your team through the analysis and shows how your numbers compare with other aerostructures programs.",
    persona: vp,
    industry: aerospace,
    buyingStage: "awareness",
    contentType: "thought-leadership",
    keyMetrics: [],
    ...overrides,
  };
}

const context: ScoringContext = { catalog: COMPANY_CATALOG, bannedPhrases: DEFAULT_BANNED_PHRASES };

function criterion(report: QualityReport, id: QualityCriterionId) {
  return report.criteria.find((c) => c.id === id)!;
}

describe("scoreContent", () => {
  it("returns every criterion in order, weights summing to 1 and the weighted overall", () => {
    const report = scoreContent(baseInput(), context);
    expect(() => QualityReportSchema.parse(report)).not.toThrow();
    expect(report.criteria.map((c) => c.id)).toEqual([...QUALITY_CRITERIA]);
    expect(Object.values(CRITERION_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    // No examples: similarity is left out and the rest rescale to 1.
    expect(criterion(report, "benchmarkSimilarity").weight).toBe(0);
    expect(report.criteria.reduce((sum, c) => sum + c.weight, 0)).toBeCloseTo(1, 3);
    const weighted = report.criteria.reduce((sum, c) => sum + c.weight * c.score, 0);
    expect(report.overall).toBeCloseTo(weighted, 2);
    expect(report.overall).toBeGreaterThan(0.6);
    expect(report.readability.targetGrade).toEqual({ min: 9, max: 14 });
  });

  it("is deterministic", () => {
    const index = SimilarityIndex.build([
      {
        id: "b",
        title: "Buzz",
        category: "bad",
        text: "synergy leverage revolutionary game-changing",
      },
      {
        id: "a",
        title: "ECOs",
        category: "good",
        text: "late engineering change orders after design freeze",
      },
    ]);
    const reversed = SimilarityIndex.build([
      {
        id: "a",
        title: "ECOs",
        category: "good",
        text: "late engineering change orders after design freeze",
      },
      {
        id: "b",
        title: "Buzz",
        category: "bad",
        text: "synergy leverage revolutionary game-changing",
      },
    ]);
    const first = scoreContent(baseInput(), { ...context, index });
    expect(scoreContent(baseInput(), { ...context, index })).toEqual(first);
    expect(scoreContent(baseInput(), { ...context, index: reversed })).toEqual(first);
  });

  it("raises specificity when figures are added", () => {
    const without = scoreContent(baseInput(), context);
    const withFigures = scoreContent(
      baseInput({
        body: `${baseInput().body}\n<p>Across 80 programs reviewed in 2025, 38% of post-freeze changes were cost-driven, each costing about 3 weeks of engineering time, and teams that moved cost into design saw a 35-45% reduction in engineering change orders within 12 months.</p>`,
      }),
      context,
    );
    expect(criterion(withFigures, "specificity").score).toBeGreaterThan(
      criterion(without, "specificity").score,
    );
    expect(criterion(without, "specificity").suggestions[0]).toMatch(/more concrete figure/);
  });

  it("lowers style for banned phrases, lists them and suggests replacing each", () => {
    const clean = scoreContent(baseInput(), context);
    const buzz = scoreContent(
      baseInput({
        introduction: `In today's fast-paced world, this game-changing, cutting-edge approach lets you leverage synergies. ${baseInput().introduction}`,
      }),
      context,
    );
    expect(clean.bannedPhrasesFound).toEqual([]);
    expect(criterion(buzz, "style").score).toBeLessThan(criterion(clean, "style").score);
    expect(buzz.bannedPhrasesFound).toEqual(
      expect.arrayContaining([
        "in today's fast-paced world",
        "game-changing",
        "cutting-edge",
        "leverage",
        "synergies",
      ]),
    );
    expect(criterion(buzz, "style").suggestions).toContain(
      "Replace 'game-changing' (banned phrase) with a specific, verifiable statement.",
    );
    expect(buzz.overall).toBeLessThan(clean.overall);
  });

  it("uses the banned-phrase list it is given", () => {
    const input = baseInput({
      headline: "A holistic view of late engineering changes in aerospace",
    });
    expect(scoreContent(input, context).bannedPhrasesFound).toEqual(["holistic"]);
    expect(scoreContent(input, { ...context, bannedPhrases: [] }).bannedPhrasesFound).toEqual([]);
    expect(
      scoreContent(input, { ...context, bannedPhrases: ["late engineering changes"] })
        .bannedPhrasesFound,
    ).toEqual(["late engineering changes"]);
  });

  it("lowers buying-stage fit for a hard-sell call to action at awareness", () => {
    const soft = scoreContent(baseInput(), context);
    const hard = scoreContent(
      baseInput({
        conclusion:
          "Buy now and get a 30% discount. Talk to sales before this limited time offer ends.",
      }),
      context,
    );
    expect(criterion(soft, "buyingStageFit").findings[0]).toMatch(/fits the awareness stage/);
    expect(criterion(hard, "buyingStageFit").score).toBeLessThan(
      criterion(soft, "buyingStageFit").score - 0.3,
    );
    expect(criterion(hard, "buyingStageFit").suggestions[0]).toBe(
      "The conclusion asks the reader to 'buy now' — at the awareness stage invite them to read a guide, download a report or benchmark themselves instead.",
    );
  });

  it("accepts a pilot offer at the decision stage but not a reading suggestion", () => {
    const pilot = scoreContent(
      baseInput({
        buyingStage: "decision",
        conclusion:
          "Book a 90-day pilot scoping call and we will build the business case with your own ECO data.",
      }),
      context,
    );
    const read = scoreContent(
      baseInput({
        buyingStage: "decision",
        conclusion: "Read our article to learn more about late changes.",
      }),
      context,
    );
    expect(criterion(pilot, "buyingStageFit").score).toBeGreaterThan(
      criterion(read, "buyingStageFit").score,
    );
    expect(criterion(read, "buyingStageFit").findings[0]).toMatch(
      /suits the awareness stage, not decision/,
    );
  });

  it("flags an invented statistic but not a chosen key metric", () => {
    const input = baseInput({
      keyMetrics: ["35-45% reduction in engineering change orders"],
      body: `${baseInput().body}\n<p>Programs that adopt this approach report a 35-45% reduction in engineering change orders, and design reviews run 73% faster.</p>`,
    });
    const report = scoreContent(input, context);
    expect(report.unsupportedClaims).toEqual([{ text: "73% faster", section: "body" }]);
    expect(criterion(report, "specificity").findings).toContain("1 of 1 chosen key metrics used.");
    expect(criterion(report, "specificity").suggestions.join(" ")).toMatch(
      /Cite the source.*'73% faster'/,
    );
  });

  it("accepts any catalogue proof point when no metric is chosen, and flags implausible claims", () => {
    const report = scoreContent(
      baseInput({
        body: `${baseInput().body}\n<p>Teams typically see a 20-30% decrease in time-to-market. One customer cut costs by 90% and achieved 1,000% ROI, with 10x faster engineering.</p>`,
      }),
      context,
    );
    expect(report.unsupportedClaims.map((c) => c.text)).toEqual([
      "90% and achieved 1",
      "1,000% ROI",
      "10x faster engineering",
    ]);
    expect(criterion(report, "specificity").suggestions[0]).toMatch(/read as hype/);
  });

  it("raises persona fit when the persona's pain points and goals are addressed", () => {
    const generic = scoreContent(
      baseInput({
        introduction:
          "Aerospace companies make many parts and work with many suppliers. This article looks at how teams approach their work and what tools they use.",
        body: "<h2>Tools</h2><p>Some teams use spreadsheets and some use software. Each approach has strengths.</p><h2>People</h2><p>Communication between groups helps everyone.</p>",
      }),
      context,
    );
    const specific = scoreContent(baseInput(), context);
    expect(criterion(specific, "personaFit").score).toBeGreaterThan(
      criterion(generic, "personaFit").score,
    );
    expect(criterion(generic, "personaFit").suggestions[0]).toMatch(
      /^Mention at least one (more )?of the VP of Engineering's pain points, e\.g\. '/,
    );
  });

  it("lowers industry fit for another industry's vocabulary", () => {
    const clean = scoreContent(baseInput(), context);
    const pasted = scoreContent(
      baseInput({
        conclusion: `${baseInput().conclusion} Remember to check PPAP timing and smartphone drop tests.`,
      }),
      context,
    );
    expect(criterion(pasted, "industryFit").score).toBeLessThan(
      criterion(clean, "industryFit").score,
    );
    expect(criterion(pasted, "industryFit").suggestions[0]).toMatch(/'PPAP', 'smartphone'/);
  });

  it("lowers structure for a wall of text without subheadings", () => {
    const wall = scoreContent(
      baseInput({
        body: `<p>${Array.from({ length: 20 }, () => "Cost visibility follows the supply chain and not the design at all.").join(" ")}</p>`,
      }),
      context,
    );
    const structured = scoreContent(baseInput(), context);
    expect(criterion(wall, "structure").score).toBeLessThan(
      criterion(structured, "structure").score,
    );
    expect(criterion(wall, "structure").suggestions.join(" ")).toMatch(
      /Split the 240-word paragraph/,
    );
  });

  it("lowers readability for run-on sentences", () => {
    const runOn = scoreContent(
      baseInput({
        body: `<h2>One</h2><p>${Array.from({ length: 6 }, () => "the engineering organization considered numerous alternative manufacturing methodologies").join(", and ")}.</p><h2>Two</h2><p>Short one.</p>`,
      }),
      context,
    );
    expect(criterion(runOn, "readability").score).toBeLessThan(
      criterion(scoreContent(baseInput(), context), "readability").score,
    );
  });

  it("flags placeholders and misspelt product names", () => {
    const report = scoreContent(
      baseInput({
        conclusion:
          "Ask [CUSTOMER NAME] to try MC Design and NCS Desing from Northwind Cost Solutions today.",
      }),
      context,
    );
    const style = criterion(report, "style");
    expect(style.findings.join(" ")).toMatch(/'\[CUSTOMER NAME\]'/);
    expect(style.findings.join(" ")).toMatch(/'MC Design', 'NCS Desing'/);
    expect(style.findings.join(" ")).toMatch(/'Northwind Cost Solutions'/);
    expect(style.score).toBeLessThan(0.5);
  });

  it("stays fast on hostile input (no quadratic patterns)", () => {
    const hostile: Partial<ContentInput>[] = [
      { introduction: "<a".repeat(10_000), conclusion: "[A".repeat(10_000) },
      { body: `<p>${"35-45% ".repeat(20_000)}</p>` },
      { introduction: `${"1".repeat(20_000)}x`, conclusion: "e.g. ".repeat(4_000) },
    ];
    for (const overrides of hostile) {
      const started = performance.now();
      scoreContent(baseInput(overrides), context);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });

  it("scores similarity by the nearest good versus bad examples, excluding a given id", () => {
    const index = SimilarityIndex.build([
      {
        id: "g1",
        title: "Late ECOs",
        category: "good",
        text: baseInput().introduction + baseInput().body,
      },
      {
        id: "g2",
        title: "Should-cost at PDR",
        category: "good",
        text: "should-cost estimate at PDR and CDR for machined parts",
      },
      {
        id: "b1",
        title: "Buzz",
        category: "bad",
        text: "unlock revolutionary synergies with game-changing cutting-edge platforms",
      },
    ]);
    const report = scoreContent(baseInput(), { ...context, index });
    const similarity = criterion(report, "benchmarkSimilarity");
    expect(similarity.weight).toBe(CRITERION_WEIGHTS.benchmarkSimilarity);
    expect(similarity.score).toBeGreaterThan(0.8);
    expect(report.nearestExamples[0]).toMatchObject({ id: "g1", category: "good" });
    const leftOut = scoreContent(baseInput(), { ...context, index, excludeExampleId: "g1" });
    expect(leftOut.nearestExamples.map((n) => n.id)).not.toContain("g1");
    expect(criterion(leftOut, "benchmarkSimilarity").findings[0]).toMatch(
      /the nearest good example/,
    );
    expect(criterion(leftOut, "benchmarkSimilarity").score).toBeLessThanOrEqual(similarity.score);
  });
});
