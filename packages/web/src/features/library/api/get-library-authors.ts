import type { LibraryAuthor } from "@content-studio/contract";
import { LibraryAuthorSchema, listOf } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { LIBRARY_QUERY_KEY } from "./get-library";

export const getLibraryAuthors = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/library/authors", listOf(LibraryAuthorSchema), { signal });

export const getLibraryAuthorsQueryOptions = () =>
  queryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, "authors"],
    queryFn: ({ signal }) => getLibraryAuthors({ signal }),
    staleTime: 60_000,
  });

/** People who created library items (the author filter). */
export const useLibraryAuthors = () => useQuery(getLibraryAuthorsQueryOptions());
