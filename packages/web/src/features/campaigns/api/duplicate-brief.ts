import type { CampaignBrief } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { briefPath } from "./get-brief";
import { CAMPAIGNS_QUERY_KEY } from "./get-briefs";

export const duplicateBrief = (id: string) => api.post<CampaignBrief>(`${briefPath(id)}/duplicate`);

/** A copy ("Copy of …") owned by the caller. */
export const useDuplicateBrief = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateBrief,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY }),
  });
};
