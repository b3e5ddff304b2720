import {
  type ContentItem,
  type UpdateContentBody,
  ContentItemSchema,
} from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const updateContent = ({
  id,
  data,
}: {
  id: string;
  data: UpdateContentBody;
}): Promise<ContentItem> =>
  api.put(`/api/content/${encodeURIComponent(id)}`, data, { schema: ContentItemSchema });

/** Replaces a content item's sections (the server sanitises and re-scores them). */
export const useUpdateContent = () => useMutation({ mutationFn: updateContent });
