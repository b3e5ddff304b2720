import { DeletedAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhooksKeys } from "../../../lib/query-keys";

export const deleteWebhook = (id: string): Promise<{ deleted: true }> =>
  api.delete(`/api/webhooks/${encodeURIComponent(id)}`, DeletedAnswerSchema);

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list }),
  });
};
