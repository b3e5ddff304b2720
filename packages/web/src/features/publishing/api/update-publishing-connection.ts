import { PublishingConnectionSchema, type ConnectionPatch } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { publishingKeys } from "../../../lib/query-keys";

export const updatePublishingConnection = ({ id, patch }: { id: string; patch: ConnectionPatch }) =>
  api.patch(
    `/api/publishing/connections/${encodeURIComponent(id)}`,
    PublishingConnectionSchema,
    patch,
  );

/** Changes a connection; an empty secret keeps the stored one. */
export const useUpdatePublishingConnection = () =>
  useRefreshingMutation(updatePublishingConnection, publishingKeys.connections);
