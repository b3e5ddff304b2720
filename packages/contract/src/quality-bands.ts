/**
 * Quality bands and capped counts as plain values and rules without zod: a screen that needs
 * only these (the dashboard) does not load zod with them. library.ts re-exports them.
 */

/** Exact counts stop here: a list over more matches shows "1,000+". */
export const LIBRARY_COUNT_CAP = 1000;

/** Dashboard quality colours: at least 0.8 green, at least 0.6 yellow, else red. */
export const DASHBOARD_QUALITY_BANDS = { high: 0.8, medium: 0.6 } as const;
export const QUALITY_BAND_IDS = ["high", "medium", "low", "unscored"] as const;
export type QualityBandId = (typeof QUALITY_BAND_IDS)[number];

/** The bands' lower bounds in whole percent, for their labels. */
const HIGH_PERCENT = Math.round(DASHBOARD_QUALITY_BANDS.high * 100);
const MEDIUM_PERCENT = Math.round(DASHBOARD_QUALITY_BANDS.medium * 100);

/** Labels that name the bounds above, e.g. "Medium (60–79%)". */
export const QUALITY_BAND_LABELS: Record<QualityBandId, string> = {
  high: `High (${HIGH_PERCENT}% and above)`,
  medium: `Medium (${MEDIUM_PERCENT}–${HIGH_PERCENT - 1}%)`,
  low: `Low (below ${MEDIUM_PERCENT}%)`,
  unscored: "Not scored",
};

/** The dashboard band of a score (null: not scored). */
export function dashboardQualityBand(score: number | null): QualityBandId {
  if (score === null) return "unscored";
  if (score >= DASHBOARD_QUALITY_BANDS.high) return "high";
  if (score >= DASHBOARD_QUALITY_BANDS.medium) return "medium";
  return "low";
}

/** "High Quality" on the dashboard: a score at or above the threshold. */
export function isHighQuality(score: number, threshold: number): boolean {
  return score >= threshold;
}

/** A count that may have stopped at the cap, e.g. 1000 capped → "1,000+". */
export function formatCappedCount(count: number, capped: boolean): string {
  return `${count.toLocaleString("en-US")}${capped ? "+" : ""}`;
}
