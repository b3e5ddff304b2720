import { RevokedAnswerSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { tokensKeys } from "../../../lib/query-keys";

export const revokeToken = (id: string) =>
  api.delete(`/api/tokens/${encodeURIComponent(id)}`, RevokedAnswerSchema);

export const useRevokeToken = () => useRefreshingMutation(revokeToken, tokensKeys.list);
