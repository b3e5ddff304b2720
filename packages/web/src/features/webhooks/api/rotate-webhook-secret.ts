import {
  WebhookEndpointWithSecretSchema,
  type WebhookEndpointWithSecret,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhooksKeys } from "../../../lib/query-keys";

export const rotateWebhookSecret = (id: string): Promise<WebhookEndpointWithSecret> =>
  api.post(
    `/api/webhooks/${encodeURIComponent(id)}/rotate-secret`,
    WebhookEndpointWithSecretSchema,
  );

/** A new secret (answered once); the previous one signs beside it for 24 hours. */
export const useRotateWebhookSecret = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list }),
  });
};
