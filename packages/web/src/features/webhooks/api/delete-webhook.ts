import { DeletedAnswerSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { webhooksKeys } from "../../../lib/query-keys";

export const deleteWebhook = (id: string) =>
  api.delete(`/api/webhooks/${encodeURIComponent(id)}`, DeletedAnswerSchema);

export const useDeleteWebhook = () => useRefreshingMutation(deleteWebhook, webhooksKeys.list);
