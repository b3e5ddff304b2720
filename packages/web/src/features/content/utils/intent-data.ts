/** The part of the account intent data the generator shows. */
export interface IntentSummary {
  /** At most 5, as given. */
  topKeywords: { keyword: string; volume: number | null }[];
  /** Percent per stage; 0 when absent. */
  buyingStages: { awareness: number; consideration: number; decision: number };
}

const MAX_KEYWORDS = 5;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const numberOr = (value: unknown, fallback: number): number =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;

/**
 * Reads `sixsenseData` of the audience-data answer. Its shape is not final, so anything
 * unexpected is skipped rather than trusted: null when there is no intent data at all.
 */
export function readIntentData(value: unknown): IntentSummary | null {
  if (!isRecord(value)) return null;
  const keywords = Array.isArray(value.topKeywords) ? (value.topKeywords as unknown[]) : [];
  const topKeywords = keywords
    .flatMap((entry): IntentSummary["topKeywords"] => {
      if (typeof entry === "string") return [{ keyword: entry, volume: null }];
      if (isRecord(entry) && typeof entry.keyword === "string") {
        const volume = numberOr(entry.volume, Number.NaN);
        return [{ keyword: entry.keyword, volume: Number.isNaN(volume) ? null : volume }];
      }
      return [];
    })
    .filter((entry) => entry.keyword.trim() !== "")
    .slice(0, MAX_KEYWORDS);
  const stages = isRecord(value.buyingStages) ? value.buyingStages : {};
  return {
    topKeywords,
    buyingStages: {
      awareness: numberOr(stages.awareness, 0),
      consideration: numberOr(stages.consideration, 0),
      decision: numberOr(stages.decision, 0),
    },
  };
}
