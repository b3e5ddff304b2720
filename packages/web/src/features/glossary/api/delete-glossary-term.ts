import { DeletedAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { glossaryKeys } from "./query-keys";

export const deleteGlossaryTerm = (id: string): Promise<{ deleted: true }> =>
  api.delete(`/api/settings/glossary/${encodeURIComponent(id)}`, { schema: DeletedAnswerSchema });

export const useDeleteGlossaryTerm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGlossaryTerm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: glossaryKeys.all }),
  });
};
