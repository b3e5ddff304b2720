import type { BannedPhrases } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getBannedPhrases = ({
  signal,
}: { signal?: AbortSignal } = {}): Promise<BannedPhrases> =>
  api.get<BannedPhrases>("/api/settings/banned-phrases", { signal });

export const getBannedPhrasesQueryOptions = () =>
  queryOptions({
    queryKey: ["settings", "banned-phrases"],
    queryFn: ({ signal }) => getBannedPhrases({ signal }),
    staleTime: 60_000,
  });

/** The phrases and clichés the quality check penalises. */
export const useBannedPhrases = () => useQuery(getBannedPhrasesQueryOptions());
