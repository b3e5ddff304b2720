import { SsoSettingsSchema, type SsoSettingsBody } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { authKeys } from "../../../lib/query-keys";
import { getSsoSettingsQueryOptions } from "./get-sso-settings";

export const saveSsoSettings = (input: SsoSettingsBody) =>
  api.put("/api/settings/sso", SsoSettingsSchema, input);

/** Saves the provider (the server tests discovery first); the sign-in page follows. */
export const useSaveSsoSettings = () =>
  useApiMutation(saveSsoSettings, {
    set: () => getSsoSettingsQueryOptions().queryKey,
    refreshInBackground: () => [authKeys.session],
  });
