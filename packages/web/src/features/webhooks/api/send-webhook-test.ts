import { WebhookDeliverySchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhooksKeys } from "../../../lib/query-keys";

export const sendWebhookTest = (id: string) =>
  api.post(`/api/webhooks/${encodeURIComponent(id)}/test`, WebhookDeliverySchema);

export const useSendWebhookTest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: (_delivery, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveries(id) }),
        queryClient.invalidateQueries({ queryKey: webhooksKeys.list }),
      ]),
  });
};
