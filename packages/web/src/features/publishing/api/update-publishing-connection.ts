import type { ConnectionPatch, PublishingConnection } from "@content-studio/contract";
import { PublishingConnectionSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { PUBLISHING_CONNECTIONS_QUERY_KEY } from "./get-publishing-connections";

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PUBLISHING_CONNECTIONS_QUERY_KEY }),
  });
};
