import type { ApiTokenList } from "@content-studio/contract";
import { ApiTokenListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getTokens = ({ signal }: { signal?: AbortSignal } = {}): Promise<ApiTokenList> =>
  api.get("/api/tokens", ApiTokenListSchema, { signal });

export const TOKENS_QUERY_KEY = ["tokens"] as const;

export const getTokensQueryOptions = () =>
  queryOptions({ queryKey: TOKENS_QUERY_KEY, queryFn: ({ signal }) => getTokens({ signal }) });

/** The caller's API tokens (and every service token for an admin), with what they may grant. */
export const useTokens = () => useQuery(getTokensQueryOptions());
