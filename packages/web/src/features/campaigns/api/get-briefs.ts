import { CampaignBriefListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { campaignsKeys } from "../../../lib/query-keys";

export const getBriefs = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/campaigns", CampaignBriefListSchema, { signal });

export const getBriefsQueryOptions = () =>
  queryOptions({ queryKey: campaignsKeys.list(), queryFn: getBriefs });

/** Every brief, with what the caller may do to each and whether they may create one. */
export const useBriefs = () => useQuery(getBriefsQueryOptions());
