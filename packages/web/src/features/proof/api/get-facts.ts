import { FactListSchema, type ListFactsQuery } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { proofKeys } from "../../../lib/query-keys";

export const getFacts = (params: ListFactsQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/proof/facts", FactListSchema, { params: { ...params }, signal });

export const getFactsQueryOptions = (params: ListFactsQuery) =>
  queryOptions({
    queryKey: proofKeys.factList(params),
    queryFn: ({ signal }) => getFacts(params, { signal }),
    placeholderData: (previous) => previous,
  });

/** The Proof Library's facts, filtered by text and status. */
export const useFacts = (params: ListFactsQuery) => useQuery(getFactsQueryOptions(params));
