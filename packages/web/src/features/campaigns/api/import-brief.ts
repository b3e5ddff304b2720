import { CampaignBriefSchema, type CampaignBrief } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getBriefsQueryOptions } from "./get-briefs";

/** Creates one brief from a CSV file (one row per cell), as the caller's own. */
export const importBrief = (file: File): Promise<CampaignBrief> => {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.post("/api/campaigns/import", CampaignBriefSchema, form);
};

export const useImportBrief = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBrief,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getBriefsQueryOptions().queryKey }),
  });
};
