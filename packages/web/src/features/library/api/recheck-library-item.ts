import { LibraryItemDetailSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { libraryPath } from "./get-library-item";
import { libraryItemChange } from "./invalidate-library";

export const recheckLibraryItem = (id: string) =>
  api.post(`${libraryPath(id)}/quality-check`, LibraryItemDetailSchema);

/** Re-runs the quality check on the current text. */
export const useRecheckLibraryItem = () => useApiMutation(recheckLibraryItem, libraryItemChange);
