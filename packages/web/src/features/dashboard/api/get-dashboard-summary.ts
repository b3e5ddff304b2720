import type { DashboardSummary } from "@content-studio/contract";
import { DashboardSummarySchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getDashboardSummary = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/dashboard/summary", DashboardSummarySchema, { signal });

export const getDashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ["dashboard", "summary"],
    queryFn: ({ signal }) => getDashboardSummary({ signal }),
  });

/** Tiles, generation time, recent items, coverage and the weekly chart, from the database. */
export const useDashboardSummary = () => useQuery(getDashboardSummaryQueryOptions());
