import { WebhookAllowListSchema, type WebhookAllowList } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhooksKeys } from "../../../lib/query-keys";

export const saveWebhookAllowList = (input: WebhookAllowList): Promise<WebhookAllowList> =>
  api.put("/api/webhooks/allow-list", WebhookAllowListSchema, input);

export const useSaveWebhookAllowList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWebhookAllowList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list }),
  });
};
