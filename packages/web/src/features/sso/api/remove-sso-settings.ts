import { SsoSettingsSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { authKeys } from "../../../lib/query-keys";
import { getSsoSettingsQueryOptions } from "./get-sso-settings";

export const removeSsoSettings = () => api.delete("/api/settings/sso", SsoSettingsSchema);

export const useRemoveSsoSettings = () =>
  useApiMutation(removeSsoSettings, {
    set: () => getSsoSettingsQueryOptions().queryKey,
    refreshInBackground: () => [authKeys.session],
  });
