import type { ContentItem, UpdateContentBody } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const updateContent = ({
  id,
  data,
}: {
  id: string;
  data: UpdateContentBody;
}): Promise<ContentItem> => api.put<ContentItem>(`/api/content/${encodeURIComponent(id)}`, data);

/** Replaces a content item's sections (the server sanitises and re-scores them). */
export const useUpdateContent = () => useMutation({ mutationFn: updateContent });
