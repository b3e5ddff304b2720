import { DeletedAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { WEBHOOKS_QUERY_KEY } from "./get-webhooks";

export const deleteWebhook = (id: string): Promise<{ deleted: true }> =>
  api.delete(`/api/webhooks/${encodeURIComponent(id)}`, DeletedAnswerSchema);

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
};
