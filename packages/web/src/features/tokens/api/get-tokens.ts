import { ApiTokenListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { tokensKeys } from "../../../lib/query-keys";

export const getTokens = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/tokens", ApiTokenListSchema, { signal });

export const getTokensQueryOptions = () =>
  queryOptions({ queryKey: tokensKeys.list, queryFn: ({ signal }) => getTokens({ signal }) });

/** The caller's API tokens (and every service token for an admin), with what they may grant. */
export const useTokens = () => useQuery(getTokensQueryOptions());
