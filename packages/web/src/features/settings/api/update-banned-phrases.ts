import { BannedPhrasesResponseSchema, type BannedPhrases } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { getBannedPhrasesQueryOptions } from "./get-banned-phrases";

export const updateBannedPhrases = (body: BannedPhrases) =>
  api.put("/api/settings/banned-phrases", BannedPhrasesResponseSchema, body);

/** Replaces the banned-phrase list (admins only); the server trims and de-duplicates it. */
export const useUpdateBannedPhrases = () =>
  useApiMutation(updateBannedPhrases, { set: () => getBannedPhrasesQueryOptions().queryKey });
