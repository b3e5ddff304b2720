import {
  improvement,
  meetsQualityStandards,
  type ContentItem,
  type GeneratedContent,
  type NearestExample,
  type OptimizeContentResult,
} from "@content-studio/contract";
import { describeBenchmarkComparison } from "./quality";

/**
 * The server's sentence compares with the nearest good AND the nearest bad example, looking
 * further than the report's top matches when one kind is missing there. Rebuild it only when
 * the report holds both kinds; otherwise the server's earlier sentence is the better one.
 */
function comparisonFor(nearest: readonly NearestExample[], previous: string | undefined): string {
  const both =
    nearest.some((e) => e.category === "good") && nearest.some((e) => e.category === "bad");
  return both || previous === undefined ? describeBenchmarkComparison(nearest) : previous;
}

/**
 * The generation result after an optimisation was kept: the saved sections and the new
 * report (from the saved item when the server re-scored it, else the candidate's), with the
 * improvement still measured from the first draft.
 */
export function keptResult(
  result: GeneratedContent,
  optimized: OptimizeContentResult,
  saved: Partial<ContentItem> | undefined,
  fallbackThreshold: number,
): GeneratedContent {
  const report = saved?.qualityReport ?? optimized.after;
  const after = saved?.qualityAfter ?? report.overall;
  const before = result.qualityCheck?.before ?? optimized.before.overall;
  const threshold = result.qualityCheck?.threshold ?? fallbackThreshold;
  return {
    ...result,
    content: {
      headline: saved?.headline ?? optimized.candidate.headline,
      introduction: saved?.introduction ?? optimized.candidate.introduction,
      body: saved?.body ?? optimized.candidate.body,
      conclusion: saved?.conclusion ?? optimized.candidate.conclusion,
    },
    qualityCheck: {
      before,
      after,
      improvement: improvement(before, after),
      threshold,
      meetsStandards: meetsQualityStandards(after, threshold),
      benchmarkComparison: comparisonFor(
        report.nearestExamples,
        result.qualityCheck?.benchmarkComparison,
      ),
      refinementRounds: result.qualityCheck?.refinementRounds ?? 0,
      report,
    },
  };
}
