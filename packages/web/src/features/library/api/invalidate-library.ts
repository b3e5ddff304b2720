import type { LibraryItemDetail } from "@content-studio/contract";
import type { QueryClient } from "@tanstack/react-query";
import { dashboardKeys, libraryKeys } from "../../../lib/query-keys";

/** After a change: the item's cache, every library list and history, and the dashboard. */
export function invalidateLibrary(queryClient: QueryClient, item?: LibraryItemDetail): void {
  if (item) queryClient.setQueryData(libraryKeys.item(item.id), item);
  void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}

/** `/api/library/:id`. */
export const libraryPath = (id: string) => `/api/library/${encodeURIComponent(id)}`;
