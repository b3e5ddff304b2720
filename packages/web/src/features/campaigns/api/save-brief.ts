import { CampaignBriefSchema, type CampaignBriefInput } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { getBriefQueryOptions } from "./get-brief";
import { getBriefsQueryOptions } from "./get-briefs";

/** Creates a brief, or replaces the fields and cells of an existing one. */
export const saveBrief = ({ id, input }: { id?: string; input: CampaignBriefInput }) =>
  api.save("/api/campaigns", id, CampaignBriefSchema, input);

export const useSaveBrief = () =>
  useApiMutation(saveBrief, {
    set: (brief) => getBriefQueryOptions(brief.id).queryKey,
    refresh: () => [getBriefsQueryOptions().queryKey],
  });
