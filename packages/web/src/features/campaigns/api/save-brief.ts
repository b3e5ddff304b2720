import {
  CampaignBriefSchema,
  type CampaignBrief,
  type CampaignBriefInput,
} from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
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

export const useSaveBrief = () =>
  useApiMutation(saveBrief, {
    set: (brief) => getBriefQueryOptions(brief.id).queryKey,
    refresh: () => [getBriefsQueryOptions().queryKey],
  });
