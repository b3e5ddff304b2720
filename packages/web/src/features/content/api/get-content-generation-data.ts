import {
  ContentGenerationDataSchema,
  type ContentGenerationDataQuery,
} from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { contentKeys } from "../../../lib/query-keys";

export const getContentGenerationDataQueryOptions = (query: ContentGenerationDataQuery) =>
  apiQueryOptions(
    contentKeys.generationDataFor(query.personaId, query.industryId, query.buyingStage),
    "/api/content-generation-data",
    ContentGenerationDataSchema,
    { params: { ...query }, staleTime: 5 * 60_000 },
  );

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
