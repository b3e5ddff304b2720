import { FactChangeResultSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { proofKeys } from "../../../lib/query-keys";
import { factPath } from "./get-facts";

export const getFactUsagesQueryOptions = (id: string) =>
  apiQueryOptions(proofKeys.usages(id), `${factPath(id)}/usages`, FactChangeResultSchema);

/** The stored content items whose claims are bound to a fact. */
export const useFactUsages = (id: string | null) =>
  useQuery({ ...getFactUsagesQueryOptions(id ?? ""), enabled: id !== null });
