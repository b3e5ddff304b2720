import { BannedPhrasesResponseSchema, type BannedPhrases } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getBannedPhrasesQueryOptions } from "./get-banned-phrases";

export const updateBannedPhrases = (body: BannedPhrases) =>
  api.put("/api/settings/banned-phrases", BannedPhrasesResponseSchema, body);

/** Replaces the banned-phrase list (admins only); the server trims and de-duplicates it. */
export const useUpdateBannedPhrases = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBannedPhrases,
    onSuccess: (saved) => {
      queryClient.setQueryData(getBannedPhrasesQueryOptions().queryKey, saved);
    },
  });
};
