import { PublishingConnectionSchema, type PublishingConnection } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { publishingKeys } from "../../../lib/query-keys";

export const testPublishingConnection = (id: string): Promise<PublishingConnection> =>
  api.post(
    `/api/publishing/connections/${encodeURIComponent(id)}/test`,
    PublishingConnectionSchema,
  );

/** One read at the target; the answer carries the result (a failure is a result, not an error). */
export const useTestPublishingConnection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testPublishingConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishingKeys.connections }),
  });
};
