import type { NearestExample } from "@content-studio/contract";

/** Colour band of a generator quality score (spec §5: above 0.8, above 0.6, otherwise). */
export type QualityBand = "green" | "yellow" | "red";

export function qualityBand(score: number): QualityBand {
  if (score > 0.8) return "green";
  if (score > 0.6) return "yellow";
  return "red";
}

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

/** 'meets' quality standards only above the threshold (spec §5). */
export function meetsQualityStandards(score: number, threshold: number): boolean {
  return score > threshold;
}

/** A 0–1 score as a whole percent, e.g. 0.876 → "88%". */
export function formatScore(score: number): string {
  return `${Math.round(score * 100)}%`;
}

/** An improvement fraction as a signed whole percent, e.g. 0.125 → "+13%". */
export function formatImprovement(fraction: number): string {
  const percent = Math.round(fraction * 100);
  return `${percent > 0 ? "+" : ""}${percent}%`;
}

/** (after − before) / before, 0 when there was no first score. */
export function improvementOf(before: number, after: number): number {
  return before > 0 ? (after - before) / before : 0;
}

const two = (n: number) => n.toFixed(2);

/**
 * The benchmark sentence for a report the server did not describe (after an optimisation is
 * kept); same wording as the server's, from the nearest examples in the report.
 */
export function describeBenchmarkComparison(nearest: readonly NearestExample[]): string {
  const best = (category: "good" | "bad") => {
    const found = nearest.filter((e) => e.category === category).map((e) => e.similarity);
    return found.length > 0 ? Math.max(...found) : undefined;
  };
  const good = best("good");
  const bad = best("bad");
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
