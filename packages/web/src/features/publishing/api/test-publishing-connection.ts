import { PublishingConnectionSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { publishingKeys } from "../../../lib/query-keys";

export const testPublishingConnection = (id: string) =>
  api.post(
    `/api/publishing/connections/${encodeURIComponent(id)}/test`,
    PublishingConnectionSchema,
  );

/** One read at the target; the answer carries the result (a failure is a result, not an error). */
export const useTestPublishingConnection = () =>
  useRefreshingMutation(testPublishingConnection, publishingKeys.connections);
