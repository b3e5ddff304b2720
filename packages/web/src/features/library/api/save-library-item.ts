import { LibraryItemDetailSchema, type SaveLibraryItemBody } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { libraryPath } from "./get-library-item";
import { libraryItemChange } from "./invalidate-library";

export const saveLibraryItem = ({ id, data }: { id: string; data: SaveLibraryItemBody }) =>
  api.put(libraryPath(id), LibraryItemDetailSchema, data);

/** A save: a new version when anything changed (re-scored on the server). */
export const useSaveLibraryItem = () => useApiMutation(saveLibraryItem, libraryItemChange);
