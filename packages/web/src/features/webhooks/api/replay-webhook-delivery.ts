import { WebhookDeliverySchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhooksKeys } from "../../../lib/query-keys";

export const replayWebhookDelivery = ({ id, deliveryId }: { id: string; deliveryId: string }) =>
  api.post(
    `/api/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
    WebhookDeliverySchema,
  );

/** A new attempt with the same webhook-id and a fresh signature. */
export const useReplayWebhookDelivery = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: (_d, { id }) =>
      queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveries(id) }),
  });
};
