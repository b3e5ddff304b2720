import { ContentExportSchema, type SendDraftBody } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { libraryKeys } from "../../../lib/query-keys";

export const sendItemDraft = ({ itemId, body }: { itemId: string; body: SendDraftBody }) =>
  api.post(
    `/api/publishing/items/${encodeURIComponent(itemId)}/exports`,
    ContentExportSchema,
    body,
  );

/** Queues the approved version as a draft at a connection. */
export const useSendItemDraft = () =>
  useApiMutation(sendItemDraft, { refresh: (_e, { itemId }) => [libraryKeys.exports(itemId)] });
