import { type ApiTokenList, ApiTokenListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { tokenKeys } from "./query-keys";

export const getTokens = ({ signal }: { signal?: AbortSignal } = {}): Promise<ApiTokenList> =>
  api.get("/api/tokens", { schema: ApiTokenListSchema, signal });

export const getTokensQueryOptions = () =>
  queryOptions({ queryKey: tokenKeys.all, queryFn: ({ signal }) => getTokens({ signal }) });

/** The caller's API tokens (and every service token for an admin), with what they may grant. */
export const useTokens = () => useQuery(getTokensQueryOptions());
