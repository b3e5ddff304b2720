import { CampaignBriefSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { campaignsKeys } from "../../../lib/query-keys";

export const briefPath = (id: string) => `/api/campaigns/${encodeURIComponent(id)}`;

export const getBrief = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(briefPath(id), CampaignBriefSchema, { signal });

export const getBriefQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignsKeys.brief(id),
    queryFn: ({ signal }) => getBrief(id, { signal }),
  });

/** One brief; none while `id` is undefined (a new brief). */
export const useBrief = (id: string | undefined) =>
  useQuery({ ...getBriefQueryOptions(id ?? ""), enabled: id !== undefined });
