import { LibraryItemDetailSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { libraryPath } from "./get-library-item";
import { libraryItemChange } from "./invalidate-library";

export const restoreLibraryVersion = ({ id, version }: { id: string; version: number }) =>
  api.post(`${libraryPath(id)}/versions/${version}/restore`, LibraryItemDetailSchema);

/** Restores an old version as a new one. */
export const useRestoreLibraryVersion = () =>
  useApiMutation(restoreLibraryVersion, libraryItemChange);
