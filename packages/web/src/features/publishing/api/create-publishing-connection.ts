import { PublishingConnectionSchema, type ConnectionInput } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { publishingKeys } from "../../../lib/query-keys";

export const createPublishingConnection = (input: ConnectionInput) =>
  api.post("/api/publishing/connections", PublishingConnectionSchema, input);

export const useCreatePublishingConnection = () =>
  useRefreshingMutation(createPublishingConnection, publishingKeys.connections);
