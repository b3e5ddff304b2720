import { AudienceOverviewSchema, type AudienceFilter } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { audienceKeys } from "../../../lib/query-keys";

export const getAudienceOverviewQueryOptions = (industry: AudienceFilter) =>
  apiQueryOptions(
    audienceKeys.overview(industry),
    "/api/audience/overview",
    AudienceOverviewSchema,
    { params: { industry } },
  );

/** The screen's data: computed intent data of all industries or one, and the dataset shown. */
export const useAudienceOverview = (industry: AudienceFilter) =>
  useQuery(getAudienceOverviewQueryOptions(industry));
