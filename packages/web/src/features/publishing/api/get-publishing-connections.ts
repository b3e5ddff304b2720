import { ConnectionListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { publishingKeys } from "../../../lib/query-keys";

export const getPublishingConnections = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/publishing/connections", ConnectionListSchema, { signal });

export const getPublishingConnectionsQueryOptions = () =>
  queryOptions({
    queryKey: publishingKeys.connections,
    queryFn: ({ signal }) => getPublishingConnections({ signal }),
  });

/** Every publishing connection (never a secret) and the allow-list (admins only). */
export const usePublishingConnections = () => useQuery(getPublishingConnectionsQueryOptions());
