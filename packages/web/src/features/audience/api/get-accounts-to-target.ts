import { AccountsToTargetSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { audienceKeys } from "../../../lib/query-keys";

export const getAccountsToTarget = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(`/api/audience/content/${encodeURIComponent(id)}/accounts`, AccountsToTargetSchema, {
    signal,
  });

export const getAccountsToTargetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: audienceKeys.accountsToTarget(id),
    queryFn: ({ signal }) => getAccountsToTarget(id, { signal }),
  });

/** The accounts whose surging topics and stage a content item matches. */
export const useAccountsToTarget = (id: string | null) =>
  useQuery({ ...getAccountsToTargetQueryOptions(id ?? ""), enabled: id !== null });
