import { WebhookAllowListSchema, type WebhookAllowList } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { webhooksKeys } from "../../../lib/query-keys";

export const saveWebhookAllowList = (input: WebhookAllowList) =>
  api.put("/api/webhooks/allow-list", WebhookAllowListSchema, input);

export const useSaveWebhookAllowList = () =>
  useRefreshingMutation(saveWebhookAllowList, webhooksKeys.list);
