import { type Fact, type FactInput, FactSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { proofKeys } from "./query-keys";

/** Proposes a new fact, or replaces the fields of an existing one. */
export const saveFact = ({ id, input }: { id?: string; input: FactInput }): Promise<Fact> =>
  id
    ? api.put(`/api/proof/facts/${encodeURIComponent(id)}`, input, { schema: FactSchema })
    : api.post("/api/proof/facts", input, { schema: FactSchema });

export const useSaveFact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proofKeys.facts }),
  });
};
