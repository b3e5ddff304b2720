import {
  ExampleRepoSettingsResponseSchema,
  type ExampleRepoSettings,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getExampleRepoSettingsQueryOptions } from "./get-example-repo-settings";

export const updateExampleRepoSettings = (settings: ExampleRepoSettings) =>
  api.put("/api/settings/example-repository", ExampleRepoSettingsResponseSchema, settings);

/** Saves the Example Repository settings (admins only). */
export const useUpdateExampleRepoSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExampleRepoSettings,
    onSuccess: (saved) =>
      queryClient.setQueryData(getExampleRepoSettingsQueryOptions().queryKey, saved),
  });
};
