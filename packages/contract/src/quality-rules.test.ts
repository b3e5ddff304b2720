import { describe, expect, it } from "vitest";
import { roleAtLeast } from "./auth";
import {
  benchmarkComparisonSentence,
  bestSimilarity,
  improvement,
  meetsQualityStandards,
  qualityBand,
} from "./quality-rules";

describe("quality bands", () => {
  it.each([
    [0.81, "green"],
    [0.8, "yellow"],
    [0.61, "yellow"],
    [0.6, "red"],
    [0, "red"],
    [1, "green"],
  ] as const)("%s is %s", (score, band) => {
    expect(qualityBand(score)).toBe(band);
  });
});

describe("meetsQualityStandards", () => {
  it("holds only strictly above the threshold", () => {
    expect(meetsQualityStandards(0.71, 0.7)).toBe(true);
    expect(meetsQualityStandards(0.7, 0.7)).toBe(false);
    expect(meetsQualityStandards(0.69, 0.7)).toBe(false);
  });
});

describe("improvement", () => {
  it("is the relative change, rounded to 4 places, and 0 without a first score", () => {
    expect(improvement(0.5, 0.6)).toBe(0.2);
    expect(improvement(0.6, 0.5)).toBe(-0.1667);
    expect(improvement(0, 0.7)).toBe(0);
  });
});

describe("benchmark comparison", () => {
  const nearest = [
    { id: "a", title: "A", category: "good" as const, similarity: 0.42 },
    { id: "c", title: "C", category: "good" as const, similarity: 0.3 },
    { id: "b", title: "B", category: "bad" as const, similarity: 0.18 },
  ];
  it("takes the best similarity per category", () => {
    expect(bestSimilarity(nearest, "good")).toBe(0.42);
    expect(bestSimilarity(nearest, "bad")).toBe(0.18);
    expect(bestSimilarity([], "bad")).toBeUndefined();
  });

  it("says which side the text is closer to, or what is missing", () => {
    expect(benchmarkComparisonSentence(0.42, 0.18)).toBe(
      "Closer to good benchmark examples (0.42) than to bad ones (0.18).",
    );
    expect(benchmarkComparisonSentence(0.1, 0.25)).toBe(
      "Closer to bad benchmark examples (0.25) than to good ones (0.10).",
    );
    expect(benchmarkComparisonSentence(0.5, undefined)).toBe(
      "Similarity to the closest good benchmark example: 0.50 (no bad examples to compare with).",
    );
    expect(benchmarkComparisonSentence(undefined, 0.3)).toBe(
      "Similarity to the closest bad benchmark example: 0.30 (no good examples to compare with).",
    );
    expect(benchmarkComparisonSentence(undefined, undefined)).toBe(
      "No benchmark examples to compare with yet.",
    );
  });
});

describe("role ranking", () => {
  it("orders admin above editor above viewer", () => {
    expect(roleAtLeast("admin", "editor")).toBe(true);
    expect(roleAtLeast("editor", "editor")).toBe(true);
    expect(roleAtLeast("viewer", "editor")).toBe(false);
    expect(roleAtLeast("editor", "admin")).toBe(false);
    expect(roleAtLeast("viewer", "viewer")).toBe(true);
  });
});
