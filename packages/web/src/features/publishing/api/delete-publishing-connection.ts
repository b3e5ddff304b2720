import { DeletedAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { publishingKeys } from "../../../lib/query-keys";

export const deletePublishingConnection = (id: string): Promise<{ deleted: true }> =>
  api.delete(`/api/publishing/connections/${encodeURIComponent(id)}`, DeletedAnswerSchema);

export const useDeletePublishingConnection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePublishingConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishingKeys.connections }),
  });
};
