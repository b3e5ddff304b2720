import { NullAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateLibrary, libraryPath } from "./invalidate-library";

export const purgeLibraryItem = (id: string) =>
  api.post(`${libraryPath(id)}/purge`, NullAnswerSchema);

/** Deletes an item from the Trash for good (admins). */
export const usePurgeLibraryItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgeLibraryItem,
    onSuccess: () => invalidateLibrary(queryClient),
  });
};
