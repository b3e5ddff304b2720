import { LibraryPageSchema, type ListLibraryQuery } from "@content-studio/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { libraryKeys } from "../../../lib/query-keys";

/** The list query as sent (ListLibraryQuerySchema). */
export type LibraryParams = Omit<ListLibraryQuery, "limit"> & { limit?: number };

export const getLibrary = (params: LibraryParams, { signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/library", LibraryPageSchema, { params: { ...params }, signal });

/** The first page of the library as /library opens with no filters: newest changes first. */
export const FIRST_LIBRARY_PAGE: LibraryParams = { sort: "updated", view: "active", limit: 20 };

export const getLibraryQueryOptions = (params: LibraryParams) =>
  queryOptions({
    queryKey: libraryKeys.list(params),
    queryFn: ({ signal }) => getLibrary(params, { signal }),
    placeholderData: keepPreviousData,
  });

/** One page of the library, searched, filtered and sorted on the server. */
export const useLibrary = (params: LibraryParams) => useQuery(getLibraryQueryOptions(params));
