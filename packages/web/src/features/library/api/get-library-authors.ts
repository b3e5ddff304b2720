import { LibraryAuthorSchema, listOf } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { libraryKeys } from "../../../lib/query-keys";

export const getLibraryAuthors = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/library/authors", listOf(LibraryAuthorSchema), { signal });

export const getLibraryAuthorsQueryOptions = () =>
  queryOptions({
    queryKey: libraryKeys.authors(),
    queryFn: ({ signal }) => getLibraryAuthors({ signal }),
    staleTime: 60_000,
  });

/** People who created library items (the author filter). */
export const useLibraryAuthors = () => useQuery(getLibraryAuthorsQueryOptions());
