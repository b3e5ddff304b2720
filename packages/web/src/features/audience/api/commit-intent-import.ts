import { IntentDatasetSchema, type CommitImportBody } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { audienceKeys, contentKeys } from "../../../lib/query-keys";

export const commitIntentImport = ({ importId, mode }: { importId: string } & CommitImportBody) =>
  api.post(`/api/audience/imports/${encodeURIComponent(importId)}/commit`, IntentDatasetSchema, {
    mode,
  });

/** Stores a previewed upload; every view computed from intent data reloads. */
export const useCommitIntentImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitIntentImport,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: audienceKeys.all }),
        queryClient.invalidateQueries({ queryKey: contentKeys.generationData }),
      ]);
    },
  });
};
