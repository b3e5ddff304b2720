import { WebhookDeliveryListSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { webhooksKeys } from "../../../lib/query-keys";

/** While a delivery waits for its next attempt the log refreshes every 2 s. */
export const getWebhookDeliveriesQueryOptions = (id: string) =>
  apiQueryOptions(
    webhooksKeys.deliveries(id),
    `/api/webhooks/${encodeURIComponent(id)}/deliveries`,
    WebhookDeliveryListSchema,
    {
      refetchInterval: (query) =>
        query.state.data?.deliveries.some((d) => d.status === "pending") ? 2000 : false,
    },
  );

export const useWebhookDeliveries = (id: string) => useQuery(getWebhookDeliveriesQueryOptions(id));
