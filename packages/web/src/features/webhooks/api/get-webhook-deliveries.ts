import type { WebhookDeliveryList } from "@content-studio/contract";
import { WebhookDeliveryListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getWebhookDeliveries = (
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<WebhookDeliveryList> =>
  api.get(`/api/webhooks/${encodeURIComponent(id)}/deliveries`, WebhookDeliveryListSchema, {
    signal,
  });

export const webhookDeliveriesQueryKey = (id: string) =>
  ["settings", "webhooks", id, "deliveries"] as const;

/** While a delivery waits for its next attempt the log refreshes every 2 s. */
export const getWebhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: webhookDeliveriesQueryKey(id),
    queryFn: ({ signal }) => getWebhookDeliveries(id, { signal }),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === "pending") ? 2000 : false,
  });

export const useWebhookDeliveries = (id: string) => useQuery(getWebhookDeliveriesQueryOptions(id));
