import { parseUiSettings, type UiSettings } from "@content-studio/contract";

/**
 * This browser's copy of the signed-in user's display preferences. public/theme-boot.js reads
 * it before the first paint (no flash of the wrong theme); the server's copy wins once loaded.
 * One key, for the user last signed in here; signing out removes it.
 */
export const UI_SETTINGS_CACHE_KEY = "content-studio:ui-settings";

export function readCachedUiSettings(userId: string): UiSettings | undefined {
  try {
    const raw = localStorage.getItem(UI_SETTINGS_CACHE_KEY);
    if (!raw) return undefined;
    const cached = JSON.parse(raw) as { userId?: unknown; settings?: unknown };
    return cached.userId === userId ? parseUiSettings(cached.settings) : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedUiSettings(userId: string, settings: UiSettings): void {
  try {
    localStorage.setItem(UI_SETTINGS_CACHE_KEY, JSON.stringify({ userId, settings }));
  } catch {
    // Storage full or blocked: the next load paints the defaults until the server answers.
  }
}

export function clearCachedUiSettings(): void {
  try {
    localStorage.removeItem(UI_SETTINGS_CACHE_KEY);
  } catch {
    // Nothing stored that could be read back.
  }
}
