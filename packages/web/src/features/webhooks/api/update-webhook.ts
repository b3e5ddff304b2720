import { WebhookEndpointSchema, type WebhookEndpointPatch } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { webhooksKeys } from "../../../lib/query-keys";

export const updateWebhook = ({ id, patch }: { id: string; patch: WebhookEndpointPatch }) =>
  api.patch(`/api/webhooks/${encodeURIComponent(id)}`, WebhookEndpointSchema, patch);

export const useUpdateWebhook = () => useRefreshingMutation(updateWebhook, webhooksKeys.list);
