import { FactSchema, type Fact, type FactInput } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { proofKeys } from "../../../lib/query-keys";

/** Proposes a new fact, or replaces the fields of an existing one. */
export const saveFact = ({ id, input }: { id?: string; input: FactInput }): Promise<Fact> =>
  id
    ? api.put(`/api/proof/facts/${encodeURIComponent(id)}`, FactSchema, input)
    : api.post("/api/proof/facts", FactSchema, input);

export const useSaveFact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proofKeys.facts }),
  });
};
