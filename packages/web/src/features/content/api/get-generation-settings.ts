import type { GenerationSettingsResponse } from "@content-studio/contract";
import { GenerationSettingsResponseSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getGenerationSettings = ({
  signal,
}: { signal?: AbortSignal } = {}): Promise<GenerationSettingsResponse> =>
  api.get("/api/settings/generation", GenerationSettingsResponseSchema, { signal });

export const getGenerationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ["settings", "generation"],
    queryFn: ({ signal }) => getGenerationSettings({ signal }),
    staleTime: 60_000,
  });

/** The organisation's generation defaults and thresholds. */
export const useGenerationSettings = () => useQuery(getGenerationSettingsQueryOptions());
