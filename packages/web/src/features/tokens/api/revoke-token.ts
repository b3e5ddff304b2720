import { RevokedAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { TOKENS_QUERY_KEY } from "./get-tokens";

export const revokeToken = (id: string): Promise<{ revoked: true }> =>
  api.delete(`/api/tokens/${encodeURIComponent(id)}`, RevokedAnswerSchema);

export const useRevokeToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_QUERY_KEY }),
  });
};
