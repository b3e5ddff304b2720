import type { WebhookDelivery } from "@content-studio/contract";
import { WebhookDeliverySchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhookDeliveriesQueryKey } from "./get-webhook-deliveries";
import { WEBHOOKS_QUERY_KEY } from "./get-webhooks";

export const sendWebhookTest = (id: string): Promise<WebhookDelivery> =>
  api.post(`/api/webhooks/${encodeURIComponent(id)}/test`, WebhookDeliverySchema);

export const useSendWebhookTest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: (_delivery, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
      ]),
  });
};
