import {
  WebhookEndpointSchema,
  type WebhookEndpoint,
  type WebhookEndpointPatch,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhooksKeys } from "../../../lib/query-keys";

export const updateWebhook = ({
  id,
  patch,
}: {
  id: string;
  patch: WebhookEndpointPatch;
}): Promise<WebhookEndpoint> =>
  api.patch(`/api/webhooks/${encodeURIComponent(id)}`, WebhookEndpointSchema, patch);

export const useUpdateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list }),
  });
};
