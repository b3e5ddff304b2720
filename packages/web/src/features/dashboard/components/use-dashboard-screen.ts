import type { RepositorySource } from "@content-studio/contract";
import { useDeferredValue, useId, useState } from "react";
import { useDashboardSummary } from "../api/get-dashboard-summary";

/**
 * The dashboard's state: the summary (figures first, the coverage deferred behind them) and the
 * example source the quick link opens, which follows `examplesSource` until the user picks one.
 */
export function useDashboardScreen(examplesSource: RepositorySource) {
  const summary = useDashboardSummary();
  const data = summary.data;
  const loading = summary.isPending;
  // Hundreds of cells: they render in the background, in slices that leave the page responsive,
  // after the figures above them are on screen.
  const coverage = useDeferredValue(data?.coverage);
  // Follows the usable source until the user picks one.
  const [chosenSource, setSource] = useState<RepositorySource | null>(null);
  const source = chosenSource ?? examplesSource;
  const sourceId = useId();

  return {
    data,
    loading,
    failed: summary.isError,
    retry: () => void summary.refetch(),
    coverage,
    source,
    setSource,
    sourceId,
  };
}
