import { ConnectionListSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { publishingKeys } from "../../../lib/query-keys";

export const getPublishingConnectionsQueryOptions = () =>
  apiQueryOptions(publishingKeys.connections, "/api/publishing/connections", ConnectionListSchema);

/** Every publishing connection (never a secret) and the allow-list (admins only). */
export const usePublishingConnections = () => useQuery(getPublishingConnectionsQueryOptions());
