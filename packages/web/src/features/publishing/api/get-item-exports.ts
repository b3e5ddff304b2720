import { ItemExportsSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { libraryKeys } from "../../../lib/query-keys";

export const getItemExports = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(`/api/publishing/items/${encodeURIComponent(id)}/exports`, ItemExportsSchema, { signal });

/** While an export is pending, the list refreshes every 2 s to show how it ends. */
export const getItemExportsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: libraryKeys.exports(id),
    queryFn: ({ signal }) => getItemExports(id, { signal }),
    refetchInterval: (query) =>
      query.state.data?.exports.some((e) => e.status === "pending") ? 2000 : false,
  });

/** An item's draft exports and the connections the caller may send it to now. */
export const useItemExports = (id: string) => useQuery(getItemExportsQueryOptions(id));
