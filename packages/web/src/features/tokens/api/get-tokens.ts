import { ApiTokenListSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { tokensKeys } from "../../../lib/query-keys";

export const getTokensQueryOptions = () =>
  apiQueryOptions(tokensKeys.list, "/api/tokens", ApiTokenListSchema);

/** The caller's API tokens (and every service token for an admin), with what they may grant. */
export const useTokens = () => useQuery(getTokensQueryOptions());
