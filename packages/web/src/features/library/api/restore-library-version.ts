import { LibraryItemDetailSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateLibrary, libraryPath } from "./invalidate-library";

export const restoreLibraryVersion = ({ id, version }: { id: string; version: number }) =>
  api.post(`${libraryPath(id)}/versions/${version}/restore`, LibraryItemDetailSchema);

/** Restores an old version as a new one. */
export const useRestoreLibraryVersion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreLibraryVersion,
    onSuccess: (item) => invalidateLibrary(queryClient, item),
  });
};
