import type { CampaignBriefList } from "@content-studio/contract";
import { CampaignBriefListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getBriefs = ({ signal }: { signal?: AbortSignal } = {}): Promise<CampaignBriefList> =>
  api.get("/api/campaigns", CampaignBriefListSchema, { signal });

/** Every query of this feature starts with this key. */
export const CAMPAIGNS_QUERY_KEY = ["campaigns"] as const;

export const getBriefsQueryOptions = () =>
  queryOptions({ queryKey: [...CAMPAIGNS_QUERY_KEY, "list"], queryFn: getBriefs });

/** Every brief, with what the caller may do to each and whether they may create one. */
export const useBriefs = () => useQuery(getBriefsQueryOptions());
