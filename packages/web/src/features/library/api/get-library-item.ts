import { LibraryItemDetailSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { libraryKeys } from "../../../lib/query-keys";

/** `/api/library/:id`. */
export const libraryPath = (id: string) => `/api/library/${encodeURIComponent(id)}`;

export const getLibraryItemQueryOptions = (id: string) =>
  apiQueryOptions(libraryKeys.item(id), libraryPath(id), LibraryItemDetailSchema);

/** One stored item with its lifecycle state and the caller's capabilities. */
export const useLibraryItem = (id: string) => useQuery(getLibraryItemQueryOptions(id));
