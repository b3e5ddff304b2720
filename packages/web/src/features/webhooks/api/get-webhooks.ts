import { WebhookListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhooksKeys } from "../../../lib/query-keys";

export const getWebhooks = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/webhooks", WebhookListSchema, { signal });

/** While an endpoint's latest delivery is pending, the list refreshes every 2 s to show its end. */
export const getWebhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksKeys.list,
    queryFn: ({ signal }) => getWebhooks({ signal }),
    refetchInterval: (query) =>
      query.state.data?.endpoints.some((e) => e.lastDelivery?.status === "pending") ? 2000 : false,
  });

/** Every webhook endpoint (never a secret) and the allow-list (admins only). */
export const useWebhooks = () => useQuery(getWebhooksQueryOptions());
