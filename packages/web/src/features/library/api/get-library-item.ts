import type { LibraryItemDetail } from "@content-studio/contract";
import { LibraryItemDetailSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { LIBRARY_QUERY_KEY } from "./get-library";

export const getLibraryItem = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(`/api/library/${encodeURIComponent(id)}`, LibraryItemDetailSchema, { signal });

export const libraryItemQueryKey = (id: string) => [...LIBRARY_QUERY_KEY, "item", id] as const;

export const getLibraryItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: libraryItemQueryKey(id),
    queryFn: ({ signal }) => getLibraryItem(id, { signal }),
  });

/** One stored item with its lifecycle state and the caller's capabilities. */
export const useLibraryItem = (id: string) => useQuery(getLibraryItemQueryOptions(id));
