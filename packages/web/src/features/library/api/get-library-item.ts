import { LibraryItemDetailSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { libraryKeys } from "../../../lib/query-keys";

export const getLibraryItem = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(`/api/library/${encodeURIComponent(id)}`, LibraryItemDetailSchema, { signal });

export const getLibraryItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: libraryKeys.item(id),
    queryFn: ({ signal }) => getLibraryItem(id, { signal }),
  });

/** One stored item with its lifecycle state and the caller's capabilities. */
export const useLibraryItem = (id: string) => useQuery(getLibraryItemQueryOptions(id));
