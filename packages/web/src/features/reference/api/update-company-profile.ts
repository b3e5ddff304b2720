import {
  CompanyProfileResponseSchema,
  type SaveCompanyProfileBody,
} from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { getCompanyProfileQueryOptions } from "./get-company-profile";

export const updateCompanyProfile = (body: SaveCompanyProfileBody) =>
  api.put("/api/company-profile", CompanyProfileResponseSchema, body);

/** Saves the company profile (admins); `onSaved` refreshes what reads it (the generator). */
export const useUpdateCompanyProfile = (onSaved: () => void) =>
  useApiMutation(updateCompanyProfile, {
    set: () => getCompanyProfileQueryOptions().queryKey,
    onSuccess: () => onSaved(),
  });
