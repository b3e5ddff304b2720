import { DashboardSummarySchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { dashboardKeys } from "../../../lib/query-keys";

export const getDashboardSummaryQueryOptions = () =>
  apiQueryOptions(dashboardKeys.summary(), "/api/dashboard/summary", DashboardSummarySchema);

/** Tiles, generation time, recent items, coverage and the weekly chart, from the database. */
export const useDashboardSummary = () => useQuery(getDashboardSummaryQueryOptions());
