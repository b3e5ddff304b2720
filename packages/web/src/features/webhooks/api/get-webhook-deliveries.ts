import { WebhookDeliveryListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhooksKeys } from "../../../lib/query-keys";

export const getWebhookDeliveries = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(`/api/webhooks/${encodeURIComponent(id)}/deliveries`, WebhookDeliveryListSchema, {
    signal,
  });

/** While a delivery waits for its next attempt the log refreshes every 2 s. */
export const getWebhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: webhooksKeys.deliveries(id),
    queryFn: ({ signal }) => getWebhookDeliveries(id, { signal }),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === "pending") ? 2000 : false,
  });

export const useWebhookDeliveries = (id: string) => useQuery(getWebhookDeliveriesQueryOptions(id));
