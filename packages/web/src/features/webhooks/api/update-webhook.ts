import type { WebhookEndpoint, WebhookEndpointPatch } from "@content-studio/contract";
import { WebhookEndpointSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { WEBHOOKS_QUERY_KEY } from "./get-webhooks";

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
};
