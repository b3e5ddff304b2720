import type { LibraryItemDetail } from "@content-studio/contract";
import type { QueryClient } from "@tanstack/react-query";
import { LIBRARY_QUERY_KEY } from "./get-library";
import { libraryItemQueryKey } from "./get-library-item";

/** After a change: the item's cache, every library list and history, and the dashboard. */
export function invalidateLibrary(queryClient: QueryClient, item?: LibraryItemDetail): void {
  if (item) queryClient.setQueryData(libraryItemQueryKey(item.id), item);
  void queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
}

/** `/api/library/:id`. */
export const libraryPath = (id: string) => `/api/library/${encodeURIComponent(id)}`;
