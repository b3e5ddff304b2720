import { AudienceOverviewSchema, type AudienceFilter } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { audienceKeys } from "../../../lib/query-keys";

export const getAudienceOverview = (
  industry: AudienceFilter,
  { signal }: { signal?: AbortSignal } = {},
) => api.get("/api/audience/overview", AudienceOverviewSchema, { params: { industry }, signal });

export const getAudienceOverviewQueryOptions = (industry: AudienceFilter) =>
  queryOptions({
    queryKey: audienceKeys.overview(industry),
    queryFn: ({ signal }) => getAudienceOverview(industry, { signal }),
  });

/** The screen's data: computed intent data of all industries or one, and the dataset shown. */
export const useAudienceOverview = (industry: AudienceFilter) =>
  useQuery(getAudienceOverviewQueryOptions(industry));
