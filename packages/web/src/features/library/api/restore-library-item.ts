import { LibraryItemDetailSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { libraryPath } from "./get-library-item";
import { libraryItemChange } from "./invalidate-library";

export const restoreLibraryItem = (id: string) =>
  api.post(`${libraryPath(id)}/restore`, LibraryItemDetailSchema);

/** Brings an item back from the Trash (admins). */
export const useRestoreLibraryItem = () => useApiMutation(restoreLibraryItem, libraryItemChange);
