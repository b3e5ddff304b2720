import type { NearestExample, QualityFinding } from "@content-studio/contract";
import type { Criterion } from "./criterion";

/** Neighbours returned, and averaged per category for the score. */
export const NEAREST_K = 5;
const CONTRAST_K = 3;
/** Weights of the 1st, 2nd and 3rd nearest example of a category: the nearest counts most. */
const RANK_WEIGHTS = [0.5, 0.3, 0.2];

/** TF-IDF cosine to the nearest good versus the nearest bad examples. */
export const benchmarkSimilarity: Criterion = {
  id: "benchmarkSimilarity",
  weight: 0.06,
  rationale:
    "The organisation's own good and bad examples are its editorial taste; similarity is a weak signal, so it counts little.",
  score({ doc, reference }) {
    const index = reference.index;
    if (!index || index.size === 0) return { score: 0, findings: [], measured: false, extra: [] };
    const neighbours = index.neighbours(doc.tokens, NEAREST_K, reference.excludeExampleId);
    const excludeId = reference.excludeExampleId;
    const excluded = excludeId ? index.categoryOf(excludeId) : undefined;
    const available = {
      good: index.counts.good - (excluded === "good" ? 1 : 0),
      bad: index.counts.bad - (excluded === "bad" ? 1 : 0),
    };
    const k = Math.min(
      CONTRAST_K,
      Math.max(1, Math.min(available.good || Infinity, available.bad || Infinity)),
    );
    const good = neighbours.good.slice(0, k);
    const bad = neighbours.bad.slice(0, k);
    const weights = RANK_WEIGHTS.slice(0, k);
    const total = weights.reduce((a, b) => a + b, 0);
    const weighted = (xs: NearestExample[]) =>
      xs.reduce((sum, x, i) => sum + (weights[i] ?? 0) * x.similarity, 0) / total;
    const g = weighted(good);
    const b = weighted(bad);
    let score: number;
    if (available.good > 0 && available.bad > 0) score = 0.5 + 4 * (g - b);
    else if (available.good > 0) score = Math.min(1, g / 0.3);
    else score = 1 - Math.min(1, b / 0.3);
    const findings: QualityFinding[] = [];
    const top = neighbours.overall[0];
    const round = (n: number) => Math.round(n * 1000) / 1000;
    if (bad[0] && (b > g || (top?.category === "bad" && score < 0.8))) {
      findings.push({
        code: "closer_to_bad_example",
        title: bad[0].title,
        similarity: round(bad[0].similarity),
      });
    } else if (good[0] && score < 0.8) {
      findings.push({
        code: "study_good_example",
        title: good[0].title,
        similarity: round(good[0].similarity),
      });
    }
    return { score, findings, extra: withEachCategory(neighbours) };
  },
};

/**
 * The nearest examples shown with a report: the nearest overall, with the nearest good and the
 * nearest bad example always among them (in place of the farthest), so that "closer to good
 * than to bad" can always be said when both kinds exist.
 */
function withEachCategory(n: {
  overall: NearestExample[];
  good: NearestExample[];
  bad: NearestExample[];
}): NearestExample[] {
  const shown = [...n.overall];
  for (const nearest of [n.good[0], n.bad[0]]) {
    if (!nearest || shown.some((e) => e.id === nearest.id)) continue;
    // Drop the farthest of the category that has more than one entry shown.
    const counts = (c: string) => shown.filter((e) => e.category === c).length;
    if (shown.length >= NEAREST_K) {
      const i = shown.findLastIndex((e) => counts(e.category) > 1);
      shown.splice(i === -1 ? shown.length - 1 : i, 1);
    }
    shown.push(nearest);
  }
  return shown.sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : 1));
}
