import type { PublishingConnection } from "@content-studio/contract";
import { PublishingConnectionSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { PUBLISHING_CONNECTIONS_QUERY_KEY } from "./get-publishing-connections";

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PUBLISHING_CONNECTIONS_QUERY_KEY }),
  });
};
