import { LibraryPageSchema, type ListLibraryQuery } from "@content-studio/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { libraryKeys } from "../../../lib/query-keys";

/** The list query as sent (ListLibraryQuerySchema). */
export type LibraryParams = Omit<ListLibraryQuery, "limit"> & { limit?: number };

/** The first page of the library as /library opens with no filters: newest changes first. */
export const FIRST_LIBRARY_PAGE: LibraryParams = { sort: "updated", view: "active", limit: 20 };

export const getLibraryQueryOptions = (params: LibraryParams) =>
  apiQueryOptions(libraryKeys.list(params), "/api/library", LibraryPageSchema, {
    params: { ...params },
    placeholderData: keepPreviousData,
  });

/** One page of the library, searched, filtered and sorted on the server. */
export const useLibrary = (params: LibraryParams) => useQuery(getLibraryQueryOptions(params));
