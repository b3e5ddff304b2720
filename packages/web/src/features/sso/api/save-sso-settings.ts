import type { SsoSettings, SsoSettingsBody } from "@content-studio/contract";
import { SsoSettingsSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { SSO_SETTINGS_QUERY_KEY } from "./get-sso-settings";

export const saveSsoSettings = (input: SsoSettingsBody): Promise<SsoSettings> =>
  api.put("/api/settings/sso", SsoSettingsSchema, input);

/** Saves the provider (the server tests discovery first); the sign-in page follows. */
export const useSaveSsoSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSsoSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(SSO_SETTINGS_QUERY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ["session"] });
    },
  });
};
