import { CampaignBriefSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { campaignsKeys } from "../../../lib/query-keys";

export const briefPath = (id: string) => `/api/campaigns/${encodeURIComponent(id)}`;

export const getBriefQueryOptions = (id: string) =>
  apiQueryOptions(campaignsKeys.brief(id), briefPath(id), CampaignBriefSchema);

/** One brief; none while `id` is undefined (a new brief). */
export const useBrief = (id: string | undefined) =>
  useQuery({ ...getBriefQueryOptions(id ?? ""), enabled: id !== undefined });
