import { UiSettingsSchema, type UiSettings } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { readCachedUiSettings } from "../../../lib/ui-settings-cache";
import { settingsKeys } from "../../../lib/query-keys";

export const getUiSettingsQueryOptions = (userId: string) =>
  apiQueryOptions(settingsKeys.uiSettings(userId), "/api/me/settings", UiSettingsSchema, {
    // This browser's copy shows at once; the server's answer replaces it.
    placeholderData: (): UiSettings | undefined => readCachedUiSettings(userId),
    staleTime: 60_000,
  });

/** The signed-in user's display preferences, stored on the server. */
export const useUiSettings = (userId: string) => useQuery(getUiSettingsQueryOptions(userId));
