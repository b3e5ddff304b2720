import { NullAnswerSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { libraryPath } from "./get-library-item";
import { libraryChange } from "./invalidate-library";

export const deleteLibraryItem = (id: string) => api.delete(libraryPath(id), NullAnswerSchema);

/** Moves an item to the Trash. */
export const useDeleteLibraryItem = () => useApiMutation(deleteLibraryItem, libraryChange);
