import { FactChangeResultSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { proofKeys } from "../../../lib/query-keys";
import { factPath } from "./get-facts";

export type FactAction = "approve" | "expire" | "retire";

/** Approves, expires or retires a fact (admins); answers with every item that uses it. */
export const changeFact = ({ id, action }: { id: string; action: FactAction }) =>
  api.post(`${factPath(id)}/${action}`, FactChangeResultSchema);

export const useChangeFact = () => useRefreshingMutation(changeFact, proofKeys.facts);
