import { type WebhookAllowList, WebhookAllowListSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhookKeys } from "./query-keys";

export const saveWebhookAllowList = (input: WebhookAllowList): Promise<WebhookAllowList> =>
  api.put("/api/webhooks/allow-list", input, { schema: WebhookAllowListSchema });

export const useSaveWebhookAllowList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWebhookAllowList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};
