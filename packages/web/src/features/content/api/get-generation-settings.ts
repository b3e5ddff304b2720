import { GenerationSettingsResponseSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { contentKeys } from "../../../lib/query-keys";

export const getGenerationSettingsQueryOptions = () =>
  apiQueryOptions(
    contentKeys.generationSettings,
    "/api/settings/generation",
    GenerationSettingsResponseSchema,
    { staleTime: 60_000 },
  );

/** The organisation's generation defaults and thresholds. */
export const useGenerationSettings = () => useQuery(getGenerationSettingsQueryOptions());
