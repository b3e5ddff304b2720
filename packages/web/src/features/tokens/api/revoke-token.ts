import { RevokedAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { tokensKeys } from "../../../lib/query-keys";

export const revokeToken = (id: string): Promise<{ revoked: true }> =>
  api.delete(`/api/tokens/${encodeURIComponent(id)}`, RevokedAnswerSchema);

export const useRevokeToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKeys.list }),
  });
};
