import {
  benchmarkComparisonSentence,
  bestSimilarity,
  type NearestExample,
  type QualityBand,
} from "@content-studio/contract";

export const BAND_CLASSES: Record<QualityBand, { bar: string; text: string; badge: string }> = {
  green: {
    bar: "bg-green-500",
    text: "text-green-700",
    badge: "bg-green-50 text-green-800 ring-green-600/20",
  },
  yellow: {
    bar: "bg-yellow-400",
    text: "text-yellow-700",
    badge: "bg-yellow-50 text-yellow-800 ring-yellow-600/20",
  },
  red: { bar: "bg-red-500", text: "text-red-700", badge: "bg-red-50 text-red-800 ring-red-600/20" },
};

/** A 0–1 score as a whole percent, e.g. 0.876 → "88%". */
export function formatScore(score: number): string {
  return `${Math.round(score * 100)}%`;
}

/** An improvement fraction as a signed whole percent, e.g. 0.125 → "+13%". */
export function formatImprovement(fraction: number): string {
  const percent = Math.round(fraction * 100);
  return `${percent > 0 ? "+" : ""}${percent}%`;
}

/**
 * The benchmark sentence for a report the server did not describe (after an optimisation is
 * kept), from the nearest examples in the report.
 */
export function describeBenchmarkComparison(nearest: readonly NearestExample[]): string {
  return benchmarkComparisonSentence(
    bestSimilarity(nearest, "good"),
    bestSimilarity(nearest, "bad"),
  );
}
