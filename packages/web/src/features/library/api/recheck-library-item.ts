import { LibraryItemDetailSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateLibrary, libraryPath } from "./invalidate-library";

export const recheckLibraryItem = (id: string) =>
  api.post(`${libraryPath(id)}/quality-check`, LibraryItemDetailSchema);

/** Re-runs the quality check on the current text. */
export const useRecheckLibraryItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recheckLibraryItem,
    onSuccess: (item) => invalidateLibrary(queryClient, item),
  });
};
