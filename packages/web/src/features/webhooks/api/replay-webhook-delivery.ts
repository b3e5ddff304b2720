import { WebhookDeliverySchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { webhooksKeys } from "../../../lib/query-keys";

export const replayWebhookDelivery = ({ id, deliveryId }: { id: string; deliveryId: string }) =>
  api.post(
    `/api/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
    WebhookDeliverySchema,
  );

/** A new attempt with the same webhook-id and a fresh signature. */
export const useReplayWebhookDelivery = () =>
  useApiMutation(replayWebhookDelivery, {
    refresh: (_d, { id }) => [webhooksKeys.deliveries(id)],
  });
