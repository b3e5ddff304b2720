import { LibraryHistorySchema, LibraryVersionSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { libraryKeys } from "../../../lib/query-keys";
import { libraryPath } from "./get-library-item";

export const getLibraryHistoryQueryOptions = (id: string) =>
  apiQueryOptions(libraryKeys.history(id), `${libraryPath(id)}/history`, LibraryHistorySchema);

/** Versions and lifecycle events of an item, newest first. */
export const useLibraryHistory = (id: string) => useQuery(getLibraryHistoryQueryOptions(id));

export const getLibraryVersionQueryOptions = (id: string, version: number) =>
  apiQueryOptions(
    libraryKeys.version(id, version),
    `${libraryPath(id)}/versions/${version}`,
    LibraryVersionSchema,
    {
      // A version never changes.
      staleTime: Infinity,
    },
  );

/** The text of one version (null: none chosen). */
export const useLibraryVersion = (id: string, version: number | null) =>
  useQuery({ ...getLibraryVersionQueryOptions(id, version ?? 0), enabled: version !== null });
