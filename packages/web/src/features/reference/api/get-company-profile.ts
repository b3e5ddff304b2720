import { CompanyProfileResponseSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { referenceKeys } from "../../../lib/query-keys";

export const getCompanyProfileQueryOptions = () =>
  apiQueryOptions(
    referenceKeys.companyProfile,
    "/api/company-profile",
    CompanyProfileResponseSchema,
  );

/** The company profile: name, description, solutions, key metrics, offers, banned phrases. */
export const useCompanyProfile = () => useQuery(getCompanyProfileQueryOptions());
