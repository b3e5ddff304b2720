import { type WebhookDelivery, WebhookDeliverySchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhookKeys } from "./query-keys";

export const sendWebhookTest = (id: string): Promise<WebhookDelivery> =>
  api.post(`/api/webhooks/${encodeURIComponent(id)}/test`, undefined, {
    schema: WebhookDeliverySchema,
  });

export const useSendWebhookTest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: (_delivery, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
      ]),
  });
};
