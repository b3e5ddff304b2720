import { UiSettingsSchema, type UiSettings } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { readCachedUiSettings } from "../../../lib/ui-settings-cache";
import { settingsKeys } from "../../../lib/query-keys";

export const getUiSettings = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/me/settings", UiSettingsSchema, { signal });

export const getUiSettingsQueryOptions = (userId: string) =>
  queryOptions<UiSettings>({
    queryKey: settingsKeys.uiSettings(userId),
    queryFn: ({ signal }) => getUiSettings({ signal }),
    // This browser's copy shows at once; the server's answer replaces it.
    placeholderData: (): UiSettings | undefined => readCachedUiSettings(userId),
    staleTime: 60_000,
  });

/** The signed-in user's display preferences, stored on the server. */
export const useUiSettings = (userId: string) => useQuery(getUiSettingsQueryOptions(userId));
