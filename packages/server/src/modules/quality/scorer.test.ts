import {
  benchmarkComparisonSentence,
  bestSimilarity,
  DEFAULT_BANNED_PHRASES,
  QUALITY_CRITERIA,
  QUALITY_GATE_CAP,
  QualityReportSchema,
  type QualityCriterionId,
  type QualityReport,
} from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { MEDICAL_DEVICES } from "../../../test/fixtures/judge";
import { INDUSTRIES, PERSONAS } from "../../db/seed/reference-data";
import { CRITERION_WEIGHTS, scoreContent, type ContentInput, type ScoringContext } from "./scorer";
import { SEED_FACTS, seedContext } from "./shipped-examples";
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
      "Read our brief on cost-driven changes and benchmark how many of last year's changes on your own aerostructures programs were caused by cost found too late.",
    persona: vp,
    industry: aerospace,
    buyingStage: "awareness",
    contentType: "thought-leadership",
    keyMetrics: [],
    ...overrides,
  };
}

const context: ScoringContext = seedContext(undefined, DEFAULT_BANNED_PHRASES);

function criterion(report: QualityReport, id: QualityCriterionId) {
  return report.criteria.find((c) => c.id === id)!;
}

describe("scoreContent", () => {
  it("returns every criterion in order with a rationale, weights summing to 1 and the weighted overall", () => {
    const report = scoreContent(baseInput(), context);
    expect(() => QualityReportSchema.parse(report)).not.toThrow();
    expect(report.criteria.map((c) => c.id)).toEqual([...QUALITY_CRITERIA]);
    for (const c of report.criteria) expect(c.rationale.length).toBeGreaterThan(20);
    expect(Object.values(CRITERION_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    // No examples and no topic: similarity and topic relevance are left out, the rest rescale.
    expect(criterion(report, "benchmarkSimilarity").weight).toBe(0);
    expect(criterion(report, "topicRelevance").weight).toBe(0);
    expect(report.criteria.reduce((sum, c) => sum + c.weight, 0)).toBeCloseTo(1, 3);
    const weighted = report.criteria.reduce((sum, c) => sum + c.weight * c.score, 0);
    expect(report.uncapped).toBeCloseTo(weighted, 2);
    expect(report.cappedBy).toEqual([]);
    expect(report.overall).toBe(report.uncapped);
    expect(report.overall).toBeGreaterThan(0.7);
  });

  it("is deterministic", () => {
    expect(scoreContent(baseInput(), context)).toEqual(scoreContent(baseInput(), context));
  });

  it("reports banned phrases as coded findings with the phrase and its count", () => {
    const report = scoreContent(
      baseInput({ introduction: `${baseInput().introduction} We leverage synergy. Leverage it.` }),
      context,
    );
    const style = criterion(report, "style");
    expect(style.findings).toEqual(
      expect.arrayContaining([
        { code: "banned_phrase", phrase: "leverage", count: 2 },
        { code: "banned_phrase", phrase: "synergy", count: 1 },
      ]),
    );
    const custom = scoreContent(baseInput(), { ...context, bannedPhrases: ["design review"] });
    expect(criterion(custom, "style").findings).toContainEqual({
      code: "banned_phrase",
      phrase: "design review",
      count: 1,
    });
  });

  it("counts sales words only where they sell: imperatives, offers, deadlines", () => {
    const neutral = scoreContent(
      baseInput({
        body: `${baseInput().body}<p>The supplier quote arrives with the purchase order, and the buyer records the price.</p>`,
      }),
      context,
    );
    expect(criterion(neutral, "buyingStageFit").findings.map((f) => f.code)).not.toContain(
      "hard_sell",
    );
    const pushy = scoreContent(
      baseInput({
        conclusion: "Buy a licence today and save 30% before the offer ends on Friday.",
      }),
      context,
    );
    const hardSell = criterion(pushy, "buyingStageFit").findings.find(
      (f) => f.code === "hard_sell",
    );
    expect(hardSell).toMatchObject({ stage: "awareness", text: "Buy" });
    expect(pushy.cappedBy).toContain("hard_sell");
    expect(pushy.overall).toBeLessThanOrEqual(QUALITY_GATE_CAP);
  });

  it("binds claims to approved facts: supported, contradicted, unsupported and expired", () => {
    const sentence = (s: string) => baseInput({ body: `${baseInput().body}<p>${s}</p>` });
    const bound = scoreContent(
      sentence("Programs that work this way cut engineering change orders by 35-45%."),
      context,
    );
    expect(bound.claims).toEqual([
      expect.objectContaining({
        kind: "percentage",
        status: "supported",
        factId: "fact-catalogue-m1",
      }),
    ]);
    expect(bound.cappedBy).toEqual([]);

    const contradicted = scoreContent(
      sentence("Programs that work this way cut engineering change orders by 73%."),
      context,
    );
    expect(contradicted.claims[0]).toMatchObject({
      status: "contradicted",
      factId: "fact-catalogue-m1",
    });
    expect(contradicted.cappedBy).toEqual(["contradicted_claim"]);
    expect(contradicted.overall).toBeLessThanOrEqual(QUALITY_GATE_CAP);

    // A third party's figure with no fact behind it is shown as unsourced, not a gate.
    const survey = scoreContent(
      sentence("A survey found 42% of aerospace suppliers agree."),
      context,
    );
    expect(survey.claims[0]).toMatchObject({ kind: "survey", status: "unsourced", factId: null });
    expect(criterion(survey, "evidence").findings[0]).toMatchObject({
      code: "unsourced_figure",
      text: "42% of aerospace suppliers agree",
    });
    expect(survey.cappedBy).toEqual([]);

    // The vendor's own figure with no fact behind it is unsupported, and caps the score.
    const invented = scoreContent(
      sentence("Our customers win 57% more supplier negotiations."),
      context,
    );
    expect(invented.claims[0]).toMatchObject({ status: "unsupported", factId: null });
    expect(criterion(invented, "evidence").findings[0]).toMatchObject({
      code: "unsupported_claim",
      sentence: "Our customers win 57% more supplier negotiations.",
    });
    expect(invented.overall).toBeLessThanOrEqual(QUALITY_GATE_CAP);

    const expiredFacts = SEED_FACTS.map((f) =>
      f.id === "fact-catalogue-m1" ? { ...f, expired: true, expiresOn: "2026-01-31" } : f,
    );
    const expired = scoreContent(
      sentence("Programs that work this way cut engineering change orders by 35-45%."),
      { ...context, facts: expiredFacts },
    );
    expect(expired.claims[0]).toMatchObject({ status: "expired", factId: "fact-catalogue-m1" });
    expect(criterion(expired, "evidence").findings[0]).toMatchObject({
      code: "expired_claim",
      expiredOn: "2026-01-31",
    });

    // With no facts at all, the same third-party figure has no source.
    const empty = scoreContent(
      sentence("Programs that work this way cut engineering change orders by 35-45%."),
      { ...context, facts: [] },
    );
    expect(empty.claims[0]?.status).toBe("unsourced");
  });

  it("accepts a figure from the brief's reference data (the industry's market size)", () => {
    const report = scoreContent(
      baseInput({
        introduction: `${baseInput().introduction} The aerospace market is worth $800B+.`,
      }),
      context,
    );
    expect(report.claims[0]).toMatchObject({ kind: "currency", status: "supported", factId: null });
  });

  it("reads a new industry's vocabulary from the reference data it is given", () => {
    const meddev = baseInput({
      headline: "Design controls make late cost changes expensive for medical device programs",
      introduction:
        "For a VP of Engineering at a medical device maker, changes after verification and validation carry documentation, testing and regulatory work under design controls.",
      industry: MEDICAL_DEVICES,
    });
    const withIndustry = { ...context, industries: [...INDUSTRIES, MEDICAL_DEVICES] };
    const report = scoreContent(meddev, withIndustry);
    expect(criterion(report, "industryFit").findings.map((f) => f.code)).not.toContain(
      "industry_not_named",
    );
    // The aerospace draft scored for the new industry is another industry's copy.
    const wrong = scoreContent(baseInput({ industry: MEDICAL_DEVICES }), withIndustry);
    expect(criterion(wrong, "industryFit").score).toBeLessThan(
      criterion(report, "industryFit").score,
    );
  });

  it("caps a draft about another topic below the standard", () => {
    const on = scoreContent(
      baseInput({ topic: "Late engineering changes on aerospace programs" }),
      context,
    );
    expect(criterion(on, "topicRelevance").score).toBeGreaterThan(0.7);
    expect(on.cappedBy).toEqual([]);
    const off = scoreContent(
      baseInput({ topic: "Warehouse robotics for e-commerce fulfilment" }),
      context,
    );
    expect(off.cappedBy).toEqual(["off_topic"]);
    const finding = criterion(off, "topicRelevance").findings[0];
    expect(finding?.code).toBe("off_topic");
    expect(finding?.code === "off_topic" ? finding.missing : []).toEqual(
      expect.arrayContaining(["warehouse", "robotics"]) as unknown,
    );
    expect(off.overall).toBeLessThanOrEqual(QUALITY_GATE_CAP);
  });

  it("flags placeholders and misspelt product names", () => {
    const report = scoreContent(
      baseInput({
        conclusion:
          "Ask [CUSTOMER NAME] to read about MC Design and NCS Desing from Northwind Cost Solutions.",
      }),
      context,
    );
    const style = criterion(report, "style");
    expect(style.findings).toContainEqual({ code: "placeholder", text: "[CUSTOMER NAME]" });
    const misspelt = style.findings.flatMap((f) => (f.code === "brand_misspelt" ? [f.text] : []));
    expect(misspelt).toEqual(["MC Design", "NCS Desing", "Northwind Cost Solutions"]);
    expect(style.score).toBeLessThan(0.5);
  });

  it("stays fast on hostile input (no quadratic patterns)", () => {
    const hostile: Partial<ContentInput>[] = [
      { introduction: "<a".repeat(10_000), conclusion: "[A".repeat(10_000) },
      { body: `<p>${"35-45% ".repeat(20_000)}</p>` },
      { introduction: `${"1".repeat(20_000)}x`, conclusion: "e.g. ".repeat(4_000) },
    ];
    // CPU time of this process, not wall time: the machine's load (lint and browsers beside the
    // tests) stretches the clock, not the work; a quadratic pattern on these inputs takes minutes.
    for (const overrides of hostile) {
      const started = process.cpuUsage();
      scoreContent(baseInput(overrides), context);
      const { user, system } = process.cpuUsage(started);
      expect((user + system) / 1000).toBeLessThan(2_000);
    }
  });

  it("shows the nearest bad example with the report even when five good ones are nearer", () => {
    const draft = baseInput().introduction + baseInput().body;
    const index = SimilarityIndex.build([
      ...[1, 2, 3, 4, 5, 6].map((i) => ({
        id: `g${i}`,
        title: `Good ${i}`,
        category: "good" as const,
        text: `${draft.slice(0, 200 + 40 * i)} program ${i}`,
      })),
      {
        id: "b1",
        title: "Vague",
        category: "bad" as const,
        text: "aerospace programs and engineering changes are important for every team",
      },
    ]);
    const report = scoreContent(baseInput(), { ...context, index });
    expect(report.nearestExamples).toHaveLength(5);
    expect(report.nearestExamples.map((n) => n.id)).toContain("b1");
    expect(report.nearestExamples[0]?.category).toBe("good");
    const good = bestSimilarity(report.nearestExamples, "good");
    const bad = bestSimilarity(report.nearestExamples, "bad");
    expect(benchmarkComparisonSentence(good, bad)).toMatch(/^Closer to good benchmark examples/);
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
    const topic = "Late engineering changes on aerospace programs";
    const report = scoreContent(baseInput({ topic }), { ...context, index });
    const similarity = criterion(report, "benchmarkSimilarity");
    expect(similarity.weight).toBe(CRITERION_WEIGHTS.benchmarkSimilarity);
    expect(similarity.score).toBeGreaterThan(0.8);
    expect(report.nearestExamples[0]).toMatchObject({ id: "g1", category: "good" });
    const leftOut = scoreContent(baseInput({ topic }), {
      ...context,
      index,
      excludeExampleId: "g1",
    });
    expect(leftOut.nearestExamples.map((n) => n.id)).not.toContain("g1");
    expect(criterion(leftOut, "benchmarkSimilarity").score).toBeLessThanOrEqual(similarity.score);
  });
});
