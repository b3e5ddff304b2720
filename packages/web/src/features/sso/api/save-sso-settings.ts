import { SsoSettingsSchema, type SsoSettingsBody } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { authKeys, ssoKeys } from "../../../lib/query-keys";

export const saveSsoSettings = (input: SsoSettingsBody) =>
  api.put("/api/settings/sso", SsoSettingsSchema, input);

/** Saves the provider (the server tests discovery first); the sign-in page follows. */
export const useSaveSsoSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSsoSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(ssoKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: authKeys.session });
    },
  });
};
