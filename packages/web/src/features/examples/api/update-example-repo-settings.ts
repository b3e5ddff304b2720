import {
  ExampleRepoSettingsResponseSchema,
  type ExampleRepoSettings,
} from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { getExampleRepoSettingsQueryOptions } from "./get-example-repo-settings";

export const updateExampleRepoSettings = (settings: ExampleRepoSettings) =>
  api.put("/api/settings/example-repository", ExampleRepoSettingsResponseSchema, settings);

/** Saves the Example Repository settings (admins only). */
export const useUpdateExampleRepoSettings = () =>
  useApiMutation(updateExampleRepoSettings, {
    set: () => getExampleRepoSettingsQueryOptions().queryKey,
  });
