import { WebhookEndpointWithSecretSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { webhooksKeys } from "../../../lib/query-keys";

export const rotateWebhookSecret = (id: string) =>
  api.post(
    `/api/webhooks/${encodeURIComponent(id)}/rotate-secret`,
    WebhookEndpointWithSecretSchema,
  );

/** A new secret (answered once); the previous one signs beside it for 24 hours. */
export const useRotateWebhookSecret = () =>
  useRefreshingMutation(rotateWebhookSecret, webhooksKeys.list);
