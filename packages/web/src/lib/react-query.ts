import type { AnswerSchema } from "@content-studio/contract";
import {
  MutationCache,
  QueryCache,
  QueryClient,
  queryOptions,
  useMutation,
  type DataTag,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from "@tanstack/react-query";
import { ApiError, api, type QueryParams } from "./api-client";
import { noteMalformedAnswer } from "./malformed-answers";

/**
 * Retries only what may succeed next time: network failures and 5xx, at most twice. Never a
 * malformed answer: the same server sends the same shape again.
 */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.code === "malformed_answer") return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: noteMalformedAnswer }),
    mutationCache: new MutationCache({ onError: noteMalformedAnswer }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** What a read passes on to TanStack's `queryOptions`, besides its key and query function. */
export type ApiQueryOptions<T, TKey extends QueryKey> = Omit<
  UseQueryOptions<T, Error, T, TKey>,
  "queryKey" | "queryFn" | "initialData"
> & {
  /** The query string of the GET. */
  params?: QueryParams;
};

/**
 * The query of a read: GET `path` (with `params`), its answer parsed with the contract's
 * `schema`, cached under `queryKey` (from lib/query-keys.ts). The key comes back tagged with the
 * answer's type, so `getQueryData`/`setQueryData` with it are typed too.
 */
export function apiQueryOptions<T, TKey extends QueryKey>(
  queryKey: TKey,
  path: string,
  schema: AnswerSchema<T>,
  { params, ...options }: NoInfer<ApiQueryOptions<T, TKey>> = {},
) {
  return queryOptions({
    ...options,
    queryKey,
    queryFn: ({ signal }) => api.get(path, schema, { params, signal }),
  });
}

/**
 * What a mutation changes in the cache once it succeeds, worked out from its answer and its
 * variables, in this order.
 */
export interface CacheUpdates<TData, TVariables> {
  /** The query whose data the answer becomes (a saved record's own); its key names that type. */
  set?: (data: TData, variables: TVariables) => DataTag<QueryKey, TData, unknown>;
  /** The queries dropped from the cache (a deleted record's). */
  remove?: (data: TData, variables: TVariables) => QueryKey;
  /** The queries refreshed without waiting: the mutation is done before they answer. */
  refreshInBackground?: (data: TData, variables: TVariables) => readonly QueryKey[];
  /** The queries refetched before the mutation counts as done (its list shows the change). */
  refresh?: (data: TData, variables: TVariables) => readonly QueryKey[];
}

/** Cache updates, plus anything `useMutation` takes; `onSuccess` runs after the updates. */
export type ApiMutationOptions<TData, TVariables> = CacheUpdates<TData, TVariables> &
  Omit<UseMutationOptions<TData, Error, TVariables>, "mutationFn">;

/** A mutation through `mutationFn` that then updates the cache as `options` say. */
export function useApiMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  options: NoInfer<ApiMutationOptions<TData, TVariables>>,
) {
  const { set, remove, refreshInBackground, refresh, onSuccess, ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn,
    onSuccess: async (data, variables, onMutateResult, context) => {
      const { client } = context;
      if (set) client.setQueryData(set(data, variables), data);
      if (remove) client.removeQueries({ queryKey: remove(data, variables) });
      for (const queryKey of refreshInBackground?.(data, variables) ?? []) {
        void client.invalidateQueries({ queryKey });
      }
      const keys = refresh?.(data, variables) ?? [];
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
      await onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}

/**
 * A mutation that, once it succeeds, refreshes every query under each of `keys` (from
 * lib/query-keys.ts) before it counts as done: a created, changed or removed record shows in
 * its list straight away.
 */
export function useRefreshingMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  ...keys: QueryKey[]
) {
  return useApiMutation(mutationFn, { refresh: () => keys });
}
