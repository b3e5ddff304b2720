import { LibraryItemDetailSchema, type TransitionBody } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateLibrary, libraryPath } from "./invalidate-library";

export const transitionLibraryItem = ({ id, data }: { id: string; data: TransitionBody }) =>
  api.post(`${libraryPath(id)}/transitions`, LibraryItemDetailSchema, data);

/** submit, approve, reject (with a note), publish, unpublish. */
export const useTransitionLibraryItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionLibraryItem,
    onSuccess: (item) => invalidateLibrary(queryClient, item),
  });
};
