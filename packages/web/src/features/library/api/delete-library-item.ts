import { NullAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateLibrary, libraryPath } from "./invalidate-library";

export const deleteLibraryItem = (id: string) => api.delete(libraryPath(id), NullAnswerSchema);

/** Moves an item to the Trash. */
export const useDeleteLibraryItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLibraryItem,
    onSuccess: () => invalidateLibrary(queryClient),
  });
};
