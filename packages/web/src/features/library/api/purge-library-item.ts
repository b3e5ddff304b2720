import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateLibrary, libraryPath } from "./invalidate-library";

export const purgeLibraryItem = (id: string) => api.post<null>(`${libraryPath(id)}/purge`);

/** Deletes an item from the Trash for good (admins). */
export const usePurgeLibraryItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgeLibraryItem,
    onSuccess: () => invalidateLibrary(queryClient),
  });
};
