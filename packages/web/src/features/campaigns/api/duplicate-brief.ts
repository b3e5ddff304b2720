import { CampaignBriefSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { briefPath, getBriefQueryOptions } from "./get-brief";
import { getBriefsQueryOptions } from "./get-briefs";

export const duplicateBrief = (id: string) =>
  api.post(`${briefPath(id)}/duplicate`, CampaignBriefSchema);

/** A copy ("Copy of …") owned by the caller. */
export const useDuplicateBrief = () =>
  useApiMutation(duplicateBrief, {
    set: (copy) => getBriefQueryOptions(copy.id).queryKey,
    refresh: () => [getBriefsQueryOptions().queryKey],
  });
