import {
  DEFAULT_BANNED_PHRASES,
  QUALITY_CRITERIA,
  type QualityReport,
} from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { scoreContent } from "./scorer";
import { exampleAsInput, loadShippedExamples, seedContext, shippedIndex } from "./shipped-examples";
import { rocAuc } from "../../../test/support/judge";

/**
 * Regression on the shipped examples (the judge is NOT validated here: these are the examples
 * the first rules were written from; see judge.adversarial.test.ts for held-out fixtures).
 * Every shipped example: every example is parsed as an ingest would,
 * its markdown body rendered to HTML, and scored with leave-one-out similarity (it is not its
 * own neighbour). The overall score must separate good from bad with ROC AUC ≥ 0.85.
 */
describe("quality judge regression on the shipped examples", () => {
  const examples = loadShippedExamples();
  const index = shippedIndex(examples);
  const scored: { path: string; good: boolean; report: QualityReport }[] = examples.map((e) => ({
    path: e.path,
    good: e.category === "good",
    report: scoreContent(
      { ...exampleAsInput(e), topic: e.title },
      {
        ...seedContext(index, DEFAULT_BANNED_PHRASES),
        excludeExampleId: e.path,
      },
    ),
  }));

  it("scores all 28 examples", () => {
    expect(scored.filter((s) => s.good)).toHaveLength(16);
    expect(scored.filter((s) => !s.good)).toHaveLength(12);
    for (const s of scored) expect(s.report.nearestExamples.map((n) => n.id)).not.toContain(s.path);
  });

  it("separates good from bad examples with ROC AUC of at least 0.85", () => {
    const of = (good: boolean, pick: (r: QualityReport) => number) =>
      scored.filter((s) => s.good === good).map((s) => pick(s.report));
    const auc = rocAuc(
      of(true, (r) => r.overall),
      of(false, (r) => r.overall),
    );
    const perCriterion = QUALITY_CRITERIA.map((id) => {
      const score = (r: QualityReport) => r.criteria.find((c) => c.id === id)!.score;
      return `${id} ${rocAuc(of(true, score), of(false, score)).toFixed(3)}`;
    });
    const lowestGood = Math.min(...of(true, (r) => r.overall));
    const highestBad = Math.max(...of(false, (r) => r.overall));
    console.log(
      `quality judge regression: ROC AUC ${auc.toFixed(3)} over ${scored.length} examples (leave-one-out); ` +
        `lowest good ${lowestGood}, highest bad ${highestBad}; per criterion: ${perCriterion.join(", ")}`,
    );
    expect(auc).toBeGreaterThanOrEqual(0.85);
  });
});
