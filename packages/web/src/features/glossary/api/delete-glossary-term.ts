import { DeletedAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { GLOSSARY_QUERY_KEY } from "./get-glossary";

export const deleteGlossaryTerm = (id: string): Promise<{ deleted: true }> =>
  api.delete(`/api/settings/glossary/${encodeURIComponent(id)}`, DeletedAnswerSchema);

export const useDeleteGlossaryTerm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGlossaryTerm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GLOSSARY_QUERY_KEY }),
  });
};
