import type { CommitImportBody, IntentDataset } from "@content-studio/contract";
import { IntentDatasetSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const commitIntentImport = ({
  importId,
  mode,
}: { importId: string } & CommitImportBody): Promise<IntentDataset> =>
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
        queryClient.invalidateQueries({ queryKey: ["audience"] }),
        queryClient.invalidateQueries({ queryKey: ["content-generation-data"] }),
      ]);
    },
  });
};
