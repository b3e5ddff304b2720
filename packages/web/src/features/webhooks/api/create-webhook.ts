import {
  type WebhookEndpointInput,
  type WebhookEndpointWithSecret,
  WebhookEndpointWithSecretSchema,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhookKeys } from "./query-keys";

export const createWebhook = (input: WebhookEndpointInput): Promise<WebhookEndpointWithSecret> =>
  api.post("/api/webhooks", input, { schema: WebhookEndpointWithSecretSchema });

/** Adds an endpoint; the answer carries its secret, once. */
export const useCreateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};
