import { BannedPhrasesResponseSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { settingsKeys } from "../../../lib/query-keys";

export const getBannedPhrases = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/settings/banned-phrases", BannedPhrasesResponseSchema, { signal });

export const getBannedPhrasesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.bannedPhrases,
    queryFn: ({ signal }) => getBannedPhrases({ signal }),
    staleTime: 60_000,
  });

/** The phrases and clichés the quality check penalises. */
export const useBannedPhrases = () => useQuery(getBannedPhrasesQueryOptions());
