import type { FactChangeResult } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getFactUsages = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<FactChangeResult>(`/api/proof/facts/${encodeURIComponent(id)}/usages`, { signal });

export const getFactUsagesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["proof", "usages", id],
    queryFn: ({ signal }) => getFactUsages(id, { signal }),
  });

/** The stored content items whose claims are bound to a fact. */
export const useFactUsages = (id: string | null) =>
  useQuery({ ...getFactUsagesQueryOptions(id ?? ""), enabled: id !== null });
