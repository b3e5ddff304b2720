import { ItemExportsSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { libraryKeys } from "../../../lib/query-keys";

/** While an export is pending, the list refreshes every 2 s to show how it ends. */
export const getItemExportsQueryOptions = (id: string) =>
  apiQueryOptions(
    libraryKeys.exports(id),
    `/api/publishing/items/${encodeURIComponent(id)}/exports`,
    ItemExportsSchema,
    {
      refetchInterval: (query) =>
        query.state.data?.exports.some((e) => e.status === "pending") ? 2000 : false,
    },
  );

/** An item's draft exports and the connections the caller may send it to now. */
export const useItemExports = (id: string) => useQuery(getItemExportsQueryOptions(id));
