import {
  WebhookEndpointWithSecretSchema,
  type WebhookEndpointInput,
} from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { webhooksKeys } from "../../../lib/query-keys";

export const createWebhook = (input: WebhookEndpointInput) =>
  api.post("/api/webhooks", WebhookEndpointWithSecretSchema, input);

/** Adds an endpoint; the answer carries its secret, once. */
export const useCreateWebhook = () => useRefreshingMutation(createWebhook, webhooksKeys.list);
