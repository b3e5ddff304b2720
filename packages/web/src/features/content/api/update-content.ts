import { ContentItemSchema, type SaveLibraryItemBody } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The library's save of an item (PUT /api/library/:id), answered as the generator's view. */
export const updateContent = ({ id, data }: { id: string; data: SaveLibraryItemBody }) =>
  api.put(`/api/library/${encodeURIComponent(id)}`, ContentItemSchema, data);

/** Replaces a content item's sections (the server sanitises and re-scores them). */
export const useUpdateContent = () => useMutation({ mutationFn: updateContent });
