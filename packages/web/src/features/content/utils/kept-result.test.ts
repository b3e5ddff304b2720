import { describe, expect, it } from "vitest";
import { buildGenerated, buildReport } from "../../../../test/content-fixtures";
import { keptResult } from "./kept-result";

const candidate = {
  headline: "New headline",
  introduction: "New intro",
  body: "<p>New body</p>",
  conclusion: "New end",
};

describe("keptResult", () => {
  it("takes the saved sections and report, measuring improvement from the first draft", () => {
    const result = buildGenerated();
    const next = keptResult(
      result,
      { candidate, before: buildReport(0.81), after: buildReport(0.9), diff: [] },
      {
        ...candidate,
        headline: "Saved headline",
        qualityAfter: 0.93,
        qualityReport: buildReport(0.93),
      },
      0.7,
    );
    expect(next.content.headline).toBe("Saved headline");
    expect(next.qualityCheck).toMatchObject({ before: 0.62, after: 0.93, meetsStandards: true });
    expect(next.qualityCheck?.improvement).toBeCloseTo((0.93 - 0.62) / 0.62);
    expect(next.qualityCheck?.benchmarkComparison).toBe(
      "Closer to good benchmark examples (0.42) than to bad ones (0.18).",
    );
  });

  it("keeps the server's benchmark sentence when the report lacks bad examples", () => {
    const result = buildGenerated();
    const onlyGood = buildReport(0.9, {
      nearestExamples: [{ id: "g", title: "G", category: "good", similarity: 0.5 }],
    });
    const next = keptResult(
      result,
      { candidate, before: buildReport(0.81), after: onlyGood, diff: [] },
      undefined,
      0.7,
    );
    expect(next.content).toEqual(candidate);
    expect(next.qualityCheck?.benchmarkComparison).toBe(result.qualityCheck?.benchmarkComparison);
  });

  it("starts a quality check from the optimisation when generation had none", () => {
    const next = keptResult(
      buildGenerated({ qualityCheck: null }),
      { candidate, before: buildReport(0.5), after: buildReport(0.65), diff: [] },
      undefined,
      0.7,
    );
    expect(next.qualityCheck).toMatchObject({
      before: 0.5,
      after: 0.65,
      threshold: 0.7,
      meetsStandards: false,
    });
  });
});
