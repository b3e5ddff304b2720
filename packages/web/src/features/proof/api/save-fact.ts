import { FactSchema, type Fact, type FactInput } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { proofKeys } from "../../../lib/query-keys";
import { factPath } from "./get-facts";

/** Proposes a new fact, or replaces the fields of an existing one. */
export const saveFact = ({ id, input }: { id?: string; input: FactInput }): Promise<Fact> =>
  id ? api.put(factPath(id), FactSchema, input) : api.post("/api/proof/facts", FactSchema, input);

export const useSaveFact = () => useRefreshingMutation(saveFact, proofKeys.facts);
