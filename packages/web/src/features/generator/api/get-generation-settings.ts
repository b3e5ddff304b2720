import {
  type GenerationSettingsResponse,
  GenerationSettingsResponseSchema,
} from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { generatorKeys } from "./query-keys";

export const getGenerationSettings = ({
  signal,
}: { signal?: AbortSignal } = {}): Promise<GenerationSettingsResponse> =>
  api.get("/api/settings/generation", { schema: GenerationSettingsResponseSchema, signal });

export const getGenerationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: generatorKeys.settings,
    queryFn: ({ signal }) => getGenerationSettings({ signal }),
    staleTime: 60_000,
  });

/** The organisation's generation defaults and thresholds. */
export const useGenerationSettings = () => useQuery(getGenerationSettingsQueryOptions());
