import { DeletedAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { glossaryKeys } from "../../../lib/query-keys";

export const deleteGlossaryTerm = (id: string): Promise<{ deleted: true }> =>
  api.delete(`/api/settings/glossary/${encodeURIComponent(id)}`, DeletedAnswerSchema);

export const useDeleteGlossaryTerm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGlossaryTerm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: glossaryKeys.all }),
  });
};
