import type { NearestExample } from "./quality";

/** Colour band of a quality score: green above 0.8, yellow above 0.6, red otherwise. */
export type QualityBand = "green" | "yellow" | "red";

export function qualityBand(score: number): QualityBand {
  if (score > 0.8) return "green";
  if (score > 0.6) return "yellow";
  return "red";
}

/** A text meets the quality standards only when its score is strictly above the threshold. */
export function meetsQualityStandards(score: number, threshold: number): boolean {
  return score > threshold;
}

/** (after − before) / before, rounded to 4 places; 0 when there was no first score. */
export function improvement(before: number, after: number): number {
  if (before <= 0) return 0;
  return Math.round(((after - before) / before) * 10_000) / 10_000;
}

/** The highest similarity among the nearest examples of one category, if any is listed. */
export function bestSimilarity(
  nearest: readonly NearestExample[],
  category: "good" | "bad",
): number | undefined {
  const found = nearest.filter((e) => e.category === category).map((e) => e.similarity);
  return found.length > 0 ? Math.max(...found) : undefined;
}

const two = (n: number) => n.toFixed(2);

/**
 * One sentence comparing a text with its closest good and closest bad example, e.g.
 * "Closer to good benchmark examples (0.42) than to bad ones (0.18)."
 */
export function benchmarkComparisonSentence(
  good: number | undefined,
  bad: number | undefined,
): string {
  if (good === undefined && bad === undefined) return "No benchmark examples to compare with yet.";
  if (bad === undefined) {
    return `Similarity to the closest good benchmark example: ${two(good ?? 0)} (no bad examples to compare with).`;
  }
  if (good === undefined) {
    return `Similarity to the closest bad benchmark example: ${two(bad)} (no good examples to compare with).`;
  }
  return good >= bad
    ? `Closer to good benchmark examples (${two(good)}) than to bad ones (${two(bad)}).`
    : `Closer to bad benchmark examples (${two(bad)}) than to good ones (${two(good)}).`;
}
