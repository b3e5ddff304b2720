import type { LibraryItemDetail } from "@content-studio/contract";
import { dashboardKeys, libraryKeys } from "../../../lib/query-keys";
import { getLibraryItemQueryOptions } from "./get-library-item";

/**
 * What any change of an item refreshes (`useApiMutation` options): every library list and
 * history, and the dashboard, in the background.
 */
export const libraryChange = {
  refreshInBackground: () => [libraryKeys.all, dashboardKeys.all],
};

/** A change answered with the item: the answer is its cached item too. */
export const libraryItemChange = {
  ...libraryChange,
  set: (item: LibraryItemDetail) => getLibraryItemQueryOptions(item.id).queryKey,
};
