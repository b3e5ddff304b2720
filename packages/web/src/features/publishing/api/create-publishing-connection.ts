import type { ConnectionInput, PublishingConnection } from "@content-studio/contract";
import { PublishingConnectionSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { PUBLISHING_CONNECTIONS_QUERY_KEY } from "./get-publishing-connections";

export const createPublishingConnection = (input: ConnectionInput): Promise<PublishingConnection> =>
  api.post("/api/publishing/connections", PublishingConnectionSchema, input);

export const useCreatePublishingConnection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPublishingConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PUBLISHING_CONNECTIONS_QUERY_KEY }),
  });
};
