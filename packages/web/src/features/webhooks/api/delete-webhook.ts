import { DeletedAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhookKeys } from "./query-keys";

export const deleteWebhook = (id: string): Promise<{ deleted: true }> =>
  api.delete(`/api/webhooks/${encodeURIComponent(id)}`, { schema: DeletedAnswerSchema });

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};
