import {
  type CommitImportBody,
  type IntentDataset,
  IntentDatasetSchema,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { audienceKeys } from "./query-keys";
import { generatorKeys } from "../../generator/api/query-keys";

export const commitIntentImport = ({
  importId,
  mode,
}: { importId: string } & CommitImportBody): Promise<IntentDataset> =>
  api.post(
    `/api/audience/imports/${encodeURIComponent(importId)}/commit`,
    {
      mode,
    },
    { schema: IntentDatasetSchema },
  );

/** Stores a previewed upload; every view computed from intent data reloads. */
export const useCommitIntentImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitIntentImport,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: audienceKeys.all }),
        queryClient.invalidateQueries({ queryKey: generatorKeys.generationData }),
      ]);
    },
  });
};
