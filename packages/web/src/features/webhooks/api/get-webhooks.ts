import type { WebhookList } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getWebhooks = ({ signal }: { signal?: AbortSignal } = {}): Promise<WebhookList> =>
  api.get<WebhookList>("/api/webhooks", { signal });

export const WEBHOOKS_QUERY_KEY = ["settings", "webhooks"] as const;

export const getWebhooksQueryOptions = () =>
  queryOptions({ queryKey: WEBHOOKS_QUERY_KEY, queryFn: ({ signal }) => getWebhooks({ signal }) });

/** Every webhook endpoint (never a secret) and the allow-list (admins only). */
export const useWebhooks = () => useQuery(getWebhooksQueryOptions());
