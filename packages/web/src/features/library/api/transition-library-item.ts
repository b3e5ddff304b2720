import { LibraryItemDetailSchema, type TransitionBody } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { libraryPath } from "./get-library-item";
import { libraryItemChange } from "./invalidate-library";

export const transitionLibraryItem = ({ id, data }: { id: string; data: TransitionBody }) =>
  api.post(`${libraryPath(id)}/transitions`, LibraryItemDetailSchema, data);

/** submit, approve, reject (with a note), publish, unpublish. */
export const useTransitionLibraryItem = () =>
  useApiMutation(transitionLibraryItem, libraryItemChange);
