import { LibraryItemDetailSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateLibrary, libraryPath } from "./invalidate-library";

export const restoreLibraryItem = (id: string) =>
  api.post(`${libraryPath(id)}/restore`, LibraryItemDetailSchema);

/** Brings an item back from the Trash (admins). */
export const useRestoreLibraryItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreLibraryItem,
    onSuccess: (item) => invalidateLibrary(queryClient, item),
  });
};
