import { FactChangeResultSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { proofKeys } from "../../../lib/query-keys";

export const getFactUsages = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(`/api/proof/facts/${encodeURIComponent(id)}/usages`, FactChangeResultSchema, { signal });

export const getFactUsagesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: proofKeys.usages(id),
    queryFn: ({ signal }) => getFactUsages(id, { signal }),
  });

/** The stored content items whose claims are bound to a fact. */
export const useFactUsages = (id: string | null) =>
  useQuery({ ...getFactUsagesQueryOptions(id ?? ""), enabled: id !== null });
