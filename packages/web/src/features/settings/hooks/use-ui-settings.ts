import { useLayoutEffect, useSyncExternalStore } from "react";
import {
  applyUiSettings,
  parseStoredUiSettings,
  readStoredUiSettings,
  writeUiSettings,
  type UiSettings,
} from "../utils/ui-settings";

/*
 * A tiny store over localStorage: the saved settings of each user, and the unsaved draft the
 * Settings screen is previewing. Other tabs' saves arrive through the `storage` event.
 */
const listeners = new Set<() => void>();
const snapshots = new Map<string, { raw: string | null; settings: UiSettings }>();
let preview: UiSettings | null = null;

const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** The same object while the stored text is unchanged, as useSyncExternalStore requires. */
function savedSnapshot(userId: string): UiSettings {
  const raw = readStoredUiSettings(userId);
  const cached = snapshots.get(userId);
  if (cached && cached.raw === raw) return cached.settings;
  const settings = parseStoredUiSettings(raw);
  snapshots.set(userId, { raw, settings });
  return settings;
}

/** The user's saved display preferences (defaults when nothing is stored). */
export function useSavedUiSettings(userId: string): UiSettings {
  return useSyncExternalStore(subscribe, () => savedSnapshot(userId));
}

/** Saves the user's preferences; false when the browser refuses to store them. */
export function saveUiSettings(userId: string, settings: UiSettings): boolean {
  const stored = writeUiSettings(userId, settings);
  notify();
  return stored;
}

/** Shows `settings` instead of the saved ones until called with null (Settings' live preview). */
export function setUiSettingsPreview(settings: UiSettings | null) {
  if (preview === settings) return;
  preview = settings;
  notify();
}

const usePreview = () =>
  useSyncExternalStore(
    subscribe,
    () => preview,
    () => null,
  );

/**
 * Applies the signed-in user's display preferences (or the previewed draft) to the document
 * root before paint, and takes them off when the user signs out. Used once, by the app shell.
 */
export function useApplyUiSettings(userId: string) {
  const saved = useSavedUiSettings(userId);
  const shown = usePreview() ?? saved;
  const { darkMode, accentColor, compactMode } = shown;
  useLayoutEffect(() => {
    applyUiSettings({ darkMode, accentColor, compactMode });
  }, [darkMode, accentColor, compactMode]);
  useLayoutEffect(() => () => applyUiSettings(null), []);
}
