import { CampaignBriefSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { briefPath, getBriefQueryOptions } from "./get-brief";
import { getBriefsQueryOptions } from "./get-briefs";

export const duplicateBrief = (id: string) =>
  api.post(`${briefPath(id)}/duplicate`, CampaignBriefSchema);

/** A copy ("Copy of …") owned by the caller. */
export const useDuplicateBrief = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateBrief,
    onSuccess: async (copy) => {
      queryClient.setQueryData(getBriefQueryOptions(copy.id).queryKey, copy);
      await queryClient.invalidateQueries({ queryKey: getBriefsQueryOptions().queryKey });
    },
  });
};
