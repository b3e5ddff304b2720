import { SsoSettingsSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { authKeys, ssoKeys } from "../../../lib/query-keys";

export const removeSsoSettings = () => api.delete("/api/settings/sso", SsoSettingsSchema);

export const useRemoveSsoSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSsoSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(ssoKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: authKeys.session });
    },
  });
};
