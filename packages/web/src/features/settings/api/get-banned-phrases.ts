import { BannedPhrasesResponseSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { settingsKeys } from "../../../lib/query-keys";

export const getBannedPhrasesQueryOptions = () =>
  apiQueryOptions(
    settingsKeys.bannedPhrases,
    "/api/settings/banned-phrases",
    BannedPhrasesResponseSchema,
    { staleTime: 60_000 },
  );

/** The phrases and clichés the quality check penalises. */
export const useBannedPhrases = () => useQuery(getBannedPhrasesQueryOptions());
