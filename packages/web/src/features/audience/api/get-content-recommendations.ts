import { ContentRecommendationsSchema, type AudienceFilter } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { audienceKeys } from "../../../lib/query-keys";

export const getContentRecommendations = (
  industry: AudienceFilter,
  { signal }: { signal?: AbortSignal } = {},
) =>
  api.get("/api/audience/recommendations", ContentRecommendationsSchema, {
    params: { industry },
    signal,
  });

export const getContentRecommendationsQueryOptions = (industry: AudienceFilter) =>
  queryOptions({
    queryKey: audienceKeys.recommendations(industry),
    queryFn: ({ signal }) => getContentRecommendations(industry, { signal }),
  });

/** Content gaps: surging keywords per persona and stage, and the library items covering them. */
export const useContentRecommendations = (industry: AudienceFilter, enabled = true) =>
  useQuery({ ...getContentRecommendationsQueryOptions(industry), enabled });
