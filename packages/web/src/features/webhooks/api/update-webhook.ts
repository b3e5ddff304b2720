import {
  type WebhookEndpoint,
  type WebhookEndpointPatch,
  WebhookEndpointSchema,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhookKeys } from "./query-keys";

export const updateWebhook = ({
  id,
  patch,
}: {
  id: string;
  patch: WebhookEndpointPatch;
}): Promise<WebhookEndpoint> =>
  api.patch(`/api/webhooks/${encodeURIComponent(id)}`, patch, { schema: WebhookEndpointSchema });

export const useUpdateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};
