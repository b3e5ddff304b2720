import { CampaignBriefListSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { campaignsKeys } from "../../../lib/query-keys";

export const getBriefsQueryOptions = () =>
  apiQueryOptions(campaignsKeys.list(), "/api/campaigns", CampaignBriefListSchema);

/** Every brief, with what the caller may do to each and whether they may create one. */
export const useBriefs = () => useQuery(getBriefsQueryOptions());
