import { DashboardSummarySchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { dashboardKeys } from "../../../lib/query-keys";

export const getDashboardSummary = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/dashboard/summary", DashboardSummarySchema, { signal });

export const getDashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) => getDashboardSummary({ signal }),
  });

/** Tiles, generation time, recent items, coverage and the weekly chart, from the database. */
export const useDashboardSummary = () => useQuery(getDashboardSummaryQueryOptions());
