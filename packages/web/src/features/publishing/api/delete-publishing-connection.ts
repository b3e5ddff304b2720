import { DeletedAnswerSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { publishingKeys } from "../../../lib/query-keys";

export const deletePublishingConnection = (id: string) =>
  api.delete(`/api/publishing/connections/${encodeURIComponent(id)}`, DeletedAnswerSchema);

export const useDeletePublishingConnection = () =>
  useRefreshingMutation(deletePublishingConnection, publishingKeys.connections);
