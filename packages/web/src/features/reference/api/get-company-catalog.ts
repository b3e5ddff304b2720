import { CompanyCatalogSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { referenceKeys } from "../../../lib/query-keys";

export const getCompanyCatalog = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/company-catalog", CompanyCatalogSchema, { signal });

export const getCompanyCatalogQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.companyCatalog,
    queryFn: ({ signal }) => getCompanyCatalog({ signal }),
    staleTime: Infinity,
  });

/** The vendor's key metrics and featured solutions offered to the generator. */
export const useCompanyCatalog = () => useQuery(getCompanyCatalogQueryOptions());
