import { DeletedIdAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getExampleQueryOptions } from "./get-example";
import { examplesKeys } from "../../../lib/query-keys";

export const deleteExample = (id: string) =>
  api.delete(`/api/examples/${encodeURIComponent(id)}`, DeletedIdAnswerSchema);

/** Deletes an example for good (editors and admins). */
export const useDeleteExample = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExample,
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: getExampleQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: examplesKeys.lists });
    },
  });
};
