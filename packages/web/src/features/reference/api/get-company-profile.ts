import { CompanyProfileResponseSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { referenceKeys } from "../../../lib/query-keys";

export const getCompanyProfile = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/company-profile", CompanyProfileResponseSchema, { signal });

export const getCompanyProfileQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.companyProfile,
    queryFn: ({ signal }) => getCompanyProfile({ signal }),
  });

/** The company profile: name, description, solutions, key metrics, offers, banned phrases. */
export const useCompanyProfile = () => useQuery(getCompanyProfileQueryOptions());
