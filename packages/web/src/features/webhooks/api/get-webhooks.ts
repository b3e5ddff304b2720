import { WebhookListSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { webhooksKeys } from "../../../lib/query-keys";

/** While an endpoint's latest delivery is pending, the list refreshes every 2 s to show its end. */
export const getWebhooksQueryOptions = () =>
  apiQueryOptions(webhooksKeys.list, "/api/webhooks", WebhookListSchema, {
    refetchInterval: (query) =>
      query.state.data?.endpoints.some((e) => e.lastDelivery?.status === "pending") ? 2000 : false,
  });

/** Every webhook endpoint (never a secret) and the allow-list (admins only). */
export const useWebhooks = () => useQuery(getWebhooksQueryOptions());
