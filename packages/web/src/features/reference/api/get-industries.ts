import { IndustrySchema, listOf } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { referenceKeys } from "../../../lib/query-keys";

export const getIndustriesQueryOptions = () =>
  apiQueryOptions(referenceKeys.industries, "/api/industries", listOf(IndustrySchema), {
    staleTime: Infinity,
  });

/** The target industries (reference data, fixed for the life of the page). */
export const useIndustries = () => useQuery(getIndustriesQueryOptions());
