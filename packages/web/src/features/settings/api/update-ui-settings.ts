import { UiSettingsSchema, type UiSettings } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { writeCachedUiSettings } from "../../../lib/ui-settings-cache";
import { getUiSettingsQueryOptions } from "./get-ui-settings";

export const updateUiSettings = (body: UiSettings) =>
  api.put("/api/me/settings", UiSettingsSchema, body);

/** Saves the user's display preferences on the server (and this browser's copy). */
export const useUpdateUiSettings = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUiSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(getUiSettingsQueryOptions(userId).queryKey, saved);
      writeCachedUiSettings(userId, saved);
    },
  });
};
