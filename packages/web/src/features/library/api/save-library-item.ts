import { LibraryItemDetailSchema, type SaveLibraryItemBody } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateLibrary, libraryPath } from "./invalidate-library";

export const saveLibraryItem = ({ id, data }: { id: string; data: SaveLibraryItemBody }) =>
  api.put(libraryPath(id), LibraryItemDetailSchema, data);

/** A save: a new version when anything changed (re-scored on the server). */
export const useSaveLibraryItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLibraryItem,
    onSuccess: (item) => invalidateLibrary(queryClient, item),
  });
};
