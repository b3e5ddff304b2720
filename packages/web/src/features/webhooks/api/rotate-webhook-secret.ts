import {
  type WebhookEndpointWithSecret,
  WebhookEndpointWithSecretSchema,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhookKeys } from "./query-keys";

export const rotateWebhookSecret = (id: string): Promise<WebhookEndpointWithSecret> =>
  api.post(`/api/webhooks/${encodeURIComponent(id)}/rotate-secret`, undefined, {
    schema: WebhookEndpointWithSecretSchema,
  });

/** A new secret (answered once); the previous one signs beside it for 24 hours. */
export const useRotateWebhookSecret = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};
