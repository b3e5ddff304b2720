import type { ConnectionList } from "@content-studio/contract";
import { ConnectionListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getPublishingConnections = ({
  signal,
}: { signal?: AbortSignal } = {}): Promise<ConnectionList> =>
  api.get("/api/publishing/connections", ConnectionListSchema, { signal });

export const PUBLISHING_CONNECTIONS_QUERY_KEY = ["settings", "publishing"] as const;

export const getPublishingConnectionsQueryOptions = () =>
  queryOptions({
    queryKey: PUBLISHING_CONNECTIONS_QUERY_KEY,
    queryFn: ({ signal }) => getPublishingConnections({ signal }),
  });

/** Every publishing connection (never a secret) and the allow-list (admins only). */
export const usePublishingConnections = () => useQuery(getPublishingConnectionsQueryOptions());
