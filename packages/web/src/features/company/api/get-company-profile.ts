import {
  type CompanyProfileResponse,
  CompanyProfileResponseSchema,
} from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { companyKeys } from "./query-keys";

export const getCompanyProfile = ({
  signal,
}: { signal?: AbortSignal } = {}): Promise<CompanyProfileResponse> =>
  api.get("/api/company-profile", { schema: CompanyProfileResponseSchema, signal });

export const getCompanyProfileQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.profile,
    queryFn: ({ signal }) => getCompanyProfile({ signal }),
  });

/** The company profile: name, description, solutions, key metrics, offers, banned phrases. */
export const useCompanyProfile = () => useQuery(getCompanyProfileQueryOptions());
