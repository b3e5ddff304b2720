import { LibraryAuthorSchema, listOf } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { libraryKeys } from "../../../lib/query-keys";

export const getLibraryAuthorsQueryOptions = () =>
  apiQueryOptions(libraryKeys.authors(), "/api/library/authors", listOf(LibraryAuthorSchema), {
    staleTime: 60_000,
  });

/** People who created library items (the author filter). */
export const useLibraryAuthors = () => useQuery(getLibraryAuthorsQueryOptions());
