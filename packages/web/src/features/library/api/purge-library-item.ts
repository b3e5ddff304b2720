import { NullAnswerSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { libraryPath } from "./get-library-item";
import { libraryChange } from "./invalidate-library";

export const purgeLibraryItem = (id: string) =>
  api.post(`${libraryPath(id)}/purge`, NullAnswerSchema);

/** Deletes an item from the Trash for good (admins). */
export const usePurgeLibraryItem = () => useApiMutation(purgeLibraryItem, libraryChange);
