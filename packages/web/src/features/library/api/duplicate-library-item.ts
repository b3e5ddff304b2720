import { LibraryItemDetailSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { libraryPath } from "./get-library-item";
import { libraryItemChange } from "./invalidate-library";

export const duplicateLibraryItem = (id: string) =>
  api.post(`${libraryPath(id)}/duplicate`, LibraryItemDetailSchema);

/** A new draft with the same text (version 1). */
export const useDuplicateLibraryItem = () =>
  useApiMutation(duplicateLibraryItem, libraryItemChange);
