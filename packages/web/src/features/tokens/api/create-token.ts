import {
  CreatedApiTokenSchema,
  type CreatedApiToken,
  type CreateTokenBody,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { tokensKeys } from "../../../lib/query-keys";

/** Creates a token; the answer holds its secret, which is never shown again. */
export const createToken = (input: CreateTokenBody): Promise<CreatedApiToken> =>
  api.post("/api/tokens", CreatedApiTokenSchema, input);

export const useCreateToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKeys.list }),
  });
};
