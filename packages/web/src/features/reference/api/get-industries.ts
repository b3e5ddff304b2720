import { IndustrySchema, listOf } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { referenceKeys } from "../../../lib/query-keys";

export const getIndustries = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/industries", listOf(IndustrySchema), { signal });

export const getIndustriesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.industries,
    queryFn: ({ signal }) => getIndustries({ signal }),
    staleTime: Infinity,
  });

/** The target industries (reference data, fixed for the life of the page). */
export const useIndustries = () => useQuery(getIndustriesQueryOptions());
