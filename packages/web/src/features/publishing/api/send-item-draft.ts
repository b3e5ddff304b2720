import { ContentExportSchema, type SendDraftBody } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { libraryKeys } from "../../../lib/query-keys";

export const sendItemDraft = ({ itemId, body }: { itemId: string; body: SendDraftBody }) =>
  api.post(
    `/api/publishing/items/${encodeURIComponent(itemId)}/exports`,
    ContentExportSchema,
    body,
  );

/** Queues the approved version as a draft at a connection. */
export const useSendItemDraft = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendItemDraft,
    onSuccess: (_e, { itemId }) =>
      queryClient.invalidateQueries({ queryKey: libraryKeys.exports(itemId) }),
  });
};
