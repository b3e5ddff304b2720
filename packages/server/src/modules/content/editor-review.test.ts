import {
  EDITOR_REVIEW_CRITERIA,
  QUALITY_GATE_CAP,
  type EditorReview,
  type QualityReport,
} from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { combineWithReview, verifyQuotes } from "./editor-review";

function report(overall: number, cappedBy: string[] = []): QualityReport {
  return {
    overall,
    uncapped: cappedBy.length > 0 ? 0.82 : overall,
    cappedBy,
    criteria: [],
    readability: {
      words: 300,
      sentences: 20,
      syllables: 450,
      fleschReadingEase: 45,
      fleschKincaidGrade: 11,
      targetGrade: { min: 9, max: 13 },
    },
    nearestExamples: [],
    claims: [],
    findings: [{ code: "no_list" }],
  };
}

function review(scores: number[]): EditorReview {
  const criteria = EDITOR_REVIEW_CRITERIA.map((id, i) => ({
    id,
    label: `Label ${id}`,
    score: scores[i] ?? scores[0]!,
    evidence: [],
    comment: "",
  }));
  const score = criteria.reduce((s, c) => s + c.score, 0) / criteria.length;
  return {
    status: "done",
    provider: "openai",
    model: "gpt-4o-mini",
    score,
    criteria,
    tokens: { input: 1, output: 1 },
    durationMs: 5,
    droppedQuotes: 0,
    message: null,
  };
}

describe("combineWithReview", () => {
  it("blends 0.6 deterministic with 0.4 review and keeps the deterministic score", () => {
    const combined = combineWithReview(report(0.8), review([0.5]));
    expect(combined.overall).toBe(0.68);
    expect(combined.uncapped).toBe(0.68);
    expect(combined.deterministic).toBe(0.8);
    expect(combined.cappedBy).toEqual([]);
  });

  it("caps below the standard with a finding when the review judges the piece poor", () => {
    const combined = combineWithReview(report(1), review([0.25, 0.25, 0.5, 0.25, 0, 0.5]));
    // The blend alone would be 0.6 + 0.4 × 0.29 ≈ 0.72, above the standard.
    expect(combined.overall).toBe(QUALITY_GATE_CAP);
    expect(combined.cappedBy).toEqual(["editor_review_low"]);
    expect(combined.findings[0]).toEqual({
      code: "editor_review_low",
      score: combined.review!.score,
      threshold: 0.5,
      weakest: "Label clarity",
    });
    expect(combined.findings).toContainEqual({ code: "no_list" });
  });

  it("never lifts a report a gate capped, whatever the review", () => {
    const gated = report(0.66, ["unsupported_claim"]);
    const glowing = combineWithReview(gated, review([1]));
    expect(glowing.overall).toBe(0.66);
    expect(glowing.cappedBy).toEqual(["unsupported_claim"]);
    const poor = combineWithReview(gated, review([0]));
    expect(poor.overall).toBeCloseTo(0.396, 3);
  });

  it("leaves the score alone when the review failed or is off", () => {
    const failed: EditorReview = { ...review([1]), status: "failed", score: null, message: "x" };
    const combined = combineWithReview(report(0.74), failed);
    expect(combined.overall).toBe(0.74);
    expect(combined.deterministic).toBeUndefined();
    expect(combined.review?.status).toBe("failed");
  });
});

describe("verifyQuotes", () => {
  const piece =
    "Headline: Cost at the gate\n\nBody:\nThe estimate  comes from the\ngeometry, not the quote.";
  it("keeps quotes found after whitespace and quote-mark normalisation, drops the rest", () => {
    expect(
      verifyQuotes(
        ["“the estimate comes from the geometry”", "...not the quote.", "invented words", "a"],
        [piece],
      ),
    ).toEqual({ kept: ["the estimate comes from the geometry", "not the quote."], dropped: 2 });
  });
});
