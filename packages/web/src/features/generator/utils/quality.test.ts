import { describe, expect, it } from "vitest";
import {
  describeBenchmarkComparison,
  formatImprovement,
  formatScore,
  meetsQualityStandards,
  qualityBand,
} from "./quality";

describe("generator quality bands", () => {
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

  it("meets the standards only above the threshold", () => {
    expect(meetsQualityStandards(0.71, 0.7)).toBe(true);
    expect(meetsQualityStandards(0.7, 0.7)).toBe(false);
    expect(meetsQualityStandards(0.69, 0.7)).toBe(false);
  });

  it("shows scores as whole percents and improvements with a sign", () => {
    expect(formatScore(0.876)).toBe("88%");
    expect(formatScore(0.8)).toBe("80%");
    expect(formatImprovement(0.125)).toBe("+13%");
    expect(formatImprovement(-0.05)).toBe("-5%");
    expect(formatImprovement(0)).toBe("0%");
  });

  it("compares with the nearest good and bad examples like the server does", () => {
    expect(
      describeBenchmarkComparison([
        { id: "a", title: "A", category: "good", similarity: 0.42 },
        { id: "b", title: "B", category: "bad", similarity: 0.18 },
      ]),
    ).toBe("Closer to good benchmark examples (0.42) than to bad ones (0.18).");
    expect(describeBenchmarkComparison([])).toBe("No benchmark examples to compare with yet.");
  });
});
