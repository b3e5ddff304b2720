import { LibraryHistorySchema, LibraryVersionSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { libraryKeys } from "../../../lib/query-keys";

const base = (id: string) => `/api/library/${encodeURIComponent(id)}`;

export const getLibraryHistory = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(`${base(id)}/history`, LibraryHistorySchema, { signal });

export const getLibraryHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: libraryKeys.history(id),
    queryFn: ({ signal }) => getLibraryHistory(id, { signal }),
  });

/** Versions and lifecycle events of an item, newest first. */
export const useLibraryHistory = (id: string) => useQuery(getLibraryHistoryQueryOptions(id));

export const getLibraryVersion = (
  id: string,
  version: number,
  { signal }: { signal?: AbortSignal } = {},
) => api.get(`${base(id)}/versions/${version}`, LibraryVersionSchema, { signal });

export const getLibraryVersionQueryOptions = (id: string, version: number) =>
  queryOptions({
    queryKey: libraryKeys.version(id, version),
    queryFn: ({ signal }) => getLibraryVersion(id, version, { signal }),
    // A version never changes.
    staleTime: Infinity,
  });

/** The text of one version (null: none chosen). */
export const useLibraryVersion = (id: string, version: number | null) =>
  useQuery({ ...getLibraryVersionQueryOptions(id, version ?? 0), enabled: version !== null });
