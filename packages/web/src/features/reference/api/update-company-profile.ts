import {
  CompanyProfileResponseSchema,
  type SaveCompanyProfileBody,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getCompanyProfileQueryOptions } from "./get-company-profile";

export const updateCompanyProfile = (body: SaveCompanyProfileBody) =>
  api.put("/api/company-profile", CompanyProfileResponseSchema, body);

/** Saves the company profile (admins); `onSaved` refreshes what reads it (the generator). */
export const useUpdateCompanyProfile = (onSaved: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(getCompanyProfileQueryOptions().queryKey, saved);
      onSaved();
    },
  });
};
