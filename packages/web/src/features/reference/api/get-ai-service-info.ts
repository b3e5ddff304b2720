import { AiServiceInfoResponseSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { referenceKeys } from "../../../lib/query-keys";

export const getAiServiceInfo = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/ai-service-info", AiServiceInfoResponseSchema, { signal });

export const getAiServiceInfoQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.aiServiceInfo,
    queryFn: ({ signal }) => getAiServiceInfo({ signal }),
    staleTime: 60_000,
  });

/** The AI provider and model currently used for generation. */
export const useAiServiceInfo = () => useQuery(getAiServiceInfoQueryOptions());
