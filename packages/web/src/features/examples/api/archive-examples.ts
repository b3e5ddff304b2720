import { ArchivedCountSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { examplesKeys } from "../../../lib/query-keys";

export const archiveExamples = (ids: string[]): Promise<{ archived: number }> =>
  api.post("/api/examples/archive", ArchivedCountSchema, { ids });

/** Archives examples whose files have disappeared from their source (editors and admins). */
export const useArchiveExamples = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveExamples,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examplesKeys.lists }),
  });
};
