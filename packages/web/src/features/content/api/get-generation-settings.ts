import { GenerationSettingsResponseSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { contentKeys } from "../../../lib/query-keys";

export const getGenerationSettings = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/settings/generation", GenerationSettingsResponseSchema, { signal });

export const getGenerationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.generationSettings,
    queryFn: ({ signal }) => getGenerationSettings({ signal }),
    staleTime: 60_000,
  });

/** The organisation's generation defaults and thresholds. */
export const useGenerationSettings = () => useQuery(getGenerationSettingsQueryOptions());
