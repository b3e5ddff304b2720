import type { CreateTokenBody, CreatedApiToken } from "@content-studio/contract";
import { CreatedApiTokenSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { TOKENS_QUERY_KEY } from "./get-tokens";

/** Creates a token; the answer holds its secret, which is never shown again. */
export const createToken = (input: CreateTokenBody): Promise<CreatedApiToken> =>
  api.post("/api/tokens", CreatedApiTokenSchema, input);

export const useCreateToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_QUERY_KEY }),
  });
};
