import { type CampaignBriefList, CampaignBriefListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { campaignKeys } from "./query-keys";

export const getBriefs = ({ signal }: { signal?: AbortSignal } = {}): Promise<CampaignBriefList> =>
  api.get("/api/campaigns", { schema: CampaignBriefListSchema, signal });

/** Every query of this feature starts with this key. */

export const getBriefsQueryOptions = () =>
  queryOptions({ queryKey: campaignKeys.briefs, queryFn: getBriefs });

/** Every brief, with what the caller may do to each and whether they may create one. */
export const useBriefs = () => useQuery(getBriefsQueryOptions());
