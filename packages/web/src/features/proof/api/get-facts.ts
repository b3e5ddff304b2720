import { FactListSchema, type ListFactsQuery } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { proofKeys } from "../../../lib/query-keys";

/** `/api/proof/facts/:id`. */
export const factPath = (id: string) => `/api/proof/facts/${encodeURIComponent(id)}`;

export const getFactsQueryOptions = (params: ListFactsQuery) =>
  apiQueryOptions(proofKeys.factList(params), "/api/proof/facts", FactListSchema, {
    params: { ...params },
    placeholderData: (previous) => previous,
  });

/** The Proof Library's facts, filtered by text and status. */
export const useFacts = (params: ListFactsQuery) => useQuery(getFactsQueryOptions(params));
