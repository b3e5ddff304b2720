import { FactSchema, type FactInput } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { proofKeys } from "../../../lib/query-keys";

/** Proposes a new fact, or replaces the fields of an existing one. */
export const saveFact = ({ id, input }: { id?: string; input: FactInput }) =>
  api.save("/api/proof/facts", id, FactSchema, input);

export const useSaveFact = () => useRefreshingMutation(saveFact, proofKeys.facts);
