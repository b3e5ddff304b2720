import { useEffect, useLayoutEffect, useSyncExternalStore } from "react";
import { writeCachedUiSettings } from "../../../lib/ui-settings-cache";
import { useUiSettings } from "../api/get-ui-settings";
import { applyUiSettings, UI_SETTINGS_DEFAULTS, type UiSettings } from "../utils/ui-settings";

/*
 * The unsaved draft the Settings screen is previewing, shared with the app shell, which
 * applies it instead of the saved settings while it is set.
 */
const listeners = new Set<() => void>();
let preview: UiSettings | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows `settings` instead of the saved ones until called with null (Settings' live preview). */
export function setUiSettingsPreview(settings: UiSettings | null) {
  if (preview === settings) return;
  preview = settings;
  for (const listener of listeners) listener();
}

const usePreview = () =>
  useSyncExternalStore(
    subscribe,
    () => preview,
    () => null,
  );

/**
 * The user's saved display preferences: the server's, else this browser's copy while the
 * server has not answered, else the defaults. `loaded` is true once the server answered.
 */
export function useSavedUiSettings(userId: string): {
  settings: UiSettings;
  loaded: boolean;
  error: Error | null;
} {
  const query = useUiSettings(userId);
  const loaded = query.isSuccess && !query.isPlaceholderData;
  const settings = query.data ?? UI_SETTINGS_DEFAULTS;
  useEffect(() => {
    if (loaded) writeCachedUiSettings(userId, settings);
  }, [loaded, userId, settings]);
  return { settings, loaded, error: query.error };
}

/**
 * Applies the signed-in user's display preferences (or the previewed draft) to the document
 * root, and takes them off when the user signs out. Used once, by the app shell.
 */
export function useApplyUiSettings(userId: string) {
  const { settings } = useSavedUiSettings(userId);
  const shown = usePreview() ?? settings;
  const { darkMode, accentColor, compactMode } = shown;
  useLayoutEffect(() => {
    applyUiSettings({ darkMode, accentColor, compactMode });
  }, [darkMode, accentColor, compactMode]);
  useLayoutEffect(() => () => applyUiSettings(null), []);
}
