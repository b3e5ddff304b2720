import {
  ContentGenerationDataSchema,
  type ContentGenerationDataQuery,
} from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { contentKeys } from "../../../lib/query-keys";

export const getContentGenerationData = (
  query: ContentGenerationDataQuery,
  { signal }: { signal?: AbortSignal } = {},
) =>
  api.get("/api/content-generation-data", ContentGenerationDataSchema, {
    params: { ...query },
    signal,
  });

export const getContentGenerationDataQueryOptions = (query: ContentGenerationDataQuery) =>
  queryOptions({
    queryKey: contentKeys.generationDataFor(query.personaId, query.industryId, query.buyingStage),
    queryFn: ({ signal }) => getContentGenerationData(query, { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * The audience of a generation: persona, industry, the persona's journey at the stage and
 * intent data. Runs whenever all three are chosen; `null` means not yet.
 */
export const useContentGenerationData = (query: ContentGenerationDataQuery | null) =>
  useQuery({
    ...getContentGenerationDataQueryOptions(
      query ?? { personaId: "", industryId: "", buyingStage: "awareness" },
    ),
    enabled: query !== null,
  });
