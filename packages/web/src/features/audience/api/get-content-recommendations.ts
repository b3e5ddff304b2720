import { ContentRecommendationsSchema, type AudienceFilter } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { audienceKeys } from "../../../lib/query-keys";

export const getContentRecommendationsQueryOptions = (industry: AudienceFilter) =>
  apiQueryOptions(
    audienceKeys.recommendations(industry),
    "/api/audience/recommendations",
    ContentRecommendationsSchema,
    { params: { industry } },
  );

/** Content gaps: surging keywords per persona and stage, and the library items covering them. */
export const useContentRecommendations = (industry: AudienceFilter, enabled = true) =>
  useQuery({ ...getContentRecommendationsQueryOptions(industry), enabled });
