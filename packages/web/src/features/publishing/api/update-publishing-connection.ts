import {
  PublishingConnectionSchema,
  type ConnectionPatch,
  type PublishingConnection,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { publishingKeys } from "../../../lib/query-keys";

export const updatePublishingConnection = ({
  id,
  patch,
}: {
  id: string;
  patch: ConnectionPatch;
}): Promise<PublishingConnection> =>
  api.patch(
    `/api/publishing/connections/${encodeURIComponent(id)}`,
    PublishingConnectionSchema,
    patch,
  );

/** Changes a connection; an empty secret keeps the stored one. */
export const useUpdatePublishingConnection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePublishingConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishingKeys.connections }),
  });
};
