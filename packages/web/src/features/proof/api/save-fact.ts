import type { Fact, FactInput } from "@content-studio/contract";
import { FactSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { FACTS_QUERY_KEY } from "./get-facts";

/** Proposes a new fact, or replaces the fields of an existing one. */
export const saveFact = ({ id, input }: { id?: string; input: FactInput }): Promise<Fact> =>
  id
    ? api.put(`/api/proof/facts/${encodeURIComponent(id)}`, FactSchema, input)
    : api.post("/api/proof/facts", FactSchema, input);

export const useSaveFact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FACTS_QUERY_KEY }),
  });
};
