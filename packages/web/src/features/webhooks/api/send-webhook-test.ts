import { WebhookDeliverySchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { webhooksKeys } from "../../../lib/query-keys";

export const sendWebhookTest = (id: string) =>
  api.post(`/api/webhooks/${encodeURIComponent(id)}/test`, WebhookDeliverySchema);

export const useSendWebhookTest = () =>
  useApiMutation(sendWebhookTest, {
    refresh: (_delivery, id) => [webhooksKeys.deliveries(id), webhooksKeys.list],
  });
