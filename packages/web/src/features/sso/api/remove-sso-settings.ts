import type { SsoSettings } from "@content-studio/contract";
import { SsoSettingsSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { SSO_SETTINGS_QUERY_KEY } from "./get-sso-settings";

export const removeSsoSettings = (): Promise<SsoSettings> =>
  api.delete("/api/settings/sso", SsoSettingsSchema);

export const useRemoveSsoSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSsoSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(SSO_SETTINGS_QUERY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ["session"] });
    },
  });
};
