import { CompanyCatalogSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { referenceKeys } from "../../../lib/query-keys";

export const getCompanyCatalogQueryOptions = () =>
  apiQueryOptions(referenceKeys.companyCatalog, "/api/company-catalog", CompanyCatalogSchema, {
    staleTime: Infinity,
  });

/** The vendor's key metrics and featured solutions offered to the generator. */
export const useCompanyCatalog = () => useQuery(getCompanyCatalogQueryOptions());
