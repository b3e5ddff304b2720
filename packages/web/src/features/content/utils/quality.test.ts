import { describe, expect, it } from "vitest";
import { describeBenchmarkComparison, formatImprovement, formatScore } from "./quality";

describe("generator quality display", () => {
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
