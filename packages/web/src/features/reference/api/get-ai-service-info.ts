import { AiServiceInfoResponseSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { referenceKeys } from "../../../lib/query-keys";

export const getAiServiceInfoQueryOptions = () =>
  apiQueryOptions(
    referenceKeys.aiServiceInfo,
    "/api/ai-service-info",
    AiServiceInfoResponseSchema,
    { staleTime: 60_000 },
  );

/** The AI provider and model currently used for generation. */
export const useAiServiceInfo = () => useQuery(getAiServiceInfoQueryOptions());
