import {
  WebhookEndpointWithSecretSchema,
  type WebhookEndpointInput,
  type WebhookEndpointWithSecret,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhooksKeys } from "../../../lib/query-keys";

export const createWebhook = (input: WebhookEndpointInput): Promise<WebhookEndpointWithSecret> =>
  api.post("/api/webhooks", WebhookEndpointWithSecretSchema, input);

/** Adds an endpoint; the answer carries its secret, once. */
export const useCreateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list }),
  });
};
