import {
  PublishingConnectionSchema,
  type ConnectionInput,
  type PublishingConnection,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { publishingKeys } from "../../../lib/query-keys";

export const createPublishingConnection = (input: ConnectionInput): Promise<PublishingConnection> =>
  api.post("/api/publishing/connections", PublishingConnectionSchema, input);

export const useCreatePublishingConnection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPublishingConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishingKeys.connections }),
  });
};
