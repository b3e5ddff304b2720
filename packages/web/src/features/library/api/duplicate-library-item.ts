import { LibraryItemDetailSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateLibrary, libraryPath } from "./invalidate-library";

export const duplicateLibraryItem = (id: string) =>
  api.post(`${libraryPath(id)}/duplicate`, LibraryItemDetailSchema);

/** A new draft with the same text (version 1). */
export const useDuplicateLibraryItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateLibraryItem,
    onSuccess: (item) => invalidateLibrary(queryClient, item),
  });
};
