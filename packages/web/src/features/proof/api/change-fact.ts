import { FactChangeResultSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { proofKeys } from "../../../lib/query-keys";

export type FactAction = "approve" | "expire" | "retire";

/** Approves, expires or retires a fact (admins); answers with every item that uses it. */
export const changeFact = ({ id, action }: { id: string; action: FactAction }) =>
  api.post(`/api/proof/facts/${encodeURIComponent(id)}/${action}`, FactChangeResultSchema);

export const useChangeFact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeFact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proofKeys.facts }),
  });
};
