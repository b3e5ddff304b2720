import { CreatedApiTokenSchema, type CreateTokenBody } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { tokensKeys } from "../../../lib/query-keys";

/** Creates a token; the answer holds its secret, which is never shown again. */
export const createToken = (input: CreateTokenBody) =>
  api.post("/api/tokens", CreatedApiTokenSchema, input);

export const useCreateToken = () => useRefreshingMutation(createToken, tokensKeys.list);
