import {
  CampaignBriefSchema,
  type CampaignBrief,
  type CampaignBriefInput,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { briefPath, getBriefQueryOptions } from "./get-brief";
import { getBriefsQueryOptions } from "./get-briefs";

/** Creates a brief, or replaces the fields and cells of an existing one. */
export const saveBrief = ({
  id,
  input,
}: {
  id?: string;
  input: CampaignBriefInput;
}): Promise<CampaignBrief> =>
  id
    ? api.put(briefPath(id), CampaignBriefSchema, input)
    : api.post("/api/campaigns", CampaignBriefSchema, input);

export const useSaveBrief = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBrief,
    onSuccess: async (brief) => {
      queryClient.setQueryData(getBriefQueryOptions(brief.id).queryKey, brief);
      await queryClient.invalidateQueries({ queryKey: getBriefsQueryOptions().queryKey });
    },
  });
};
