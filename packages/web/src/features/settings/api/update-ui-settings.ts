import { UiSettingsSchema, type UiSettings } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { writeCachedUiSettings } from "../../../lib/ui-settings-cache";
import { getUiSettingsQueryOptions } from "./get-ui-settings";

export const updateUiSettings = (body: UiSettings) =>
  api.put("/api/me/settings", UiSettingsSchema, body);

/** Saves the user's display preferences on the server (and this browser's copy). */
export const useUpdateUiSettings = (userId: string) =>
  useApiMutation(updateUiSettings, {
    set: () => getUiSettingsQueryOptions(userId).queryKey,
    onSuccess: (saved) => writeCachedUiSettings(userId, saved),
  });
