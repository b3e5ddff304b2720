/** The accent colours; anything else falls back to blue. */
export const ACCENT_COLORS = ["blue", "green", "purple", "red", "orange", "teal"] as const;
export type AccentColor = (typeof ACCENT_COLORS)[number];

/**
 * Personal display preferences (uiSettings). They are kept in this browser's
 * localStorage per user: they change how the app looks to one person, not what it does.
 */
export interface UiSettings {
  darkMode: boolean;
  accentColor: AccentColor;
  compactMode: boolean;
}

/** Defaults: dark mode off, compact mode off, accent blue. */
export const UI_SETTINGS_DEFAULTS: UiSettings = {
  darkMode: false,
  accentColor: "blue",
  compactMode: false,
};

const isAccentColor = (value: unknown): value is AccentColor =>
  typeof value === "string" && (ACCENT_COLORS as readonly string[]).includes(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Reads stored settings field by field: a missing or invalid field gets its default. */
export function parseUiSettings(value: unknown): UiSettings {
  if (!isRecord(value)) return UI_SETTINGS_DEFAULTS;
  return {
    darkMode: typeof value.darkMode === "boolean" ? value.darkMode : UI_SETTINGS_DEFAULTS.darkMode,
    accentColor: isAccentColor(value.accentColor)
      ? value.accentColor
      : UI_SETTINGS_DEFAULTS.accentColor,
    compactMode:
      typeof value.compactMode === "boolean" ? value.compactMode : UI_SETTINGS_DEFAULTS.compactMode,
  };
}

export const sameUiSettings = (a: UiSettings, b: UiSettings) =>
  a.darkMode === b.darkMode && a.accentColor === b.accentColor && a.compactMode === b.compactMode;

/** The localStorage key of one user's settings. */
const uiSettingsStorageKey = (userId: string) => `content-studio:ui-settings:${userId}`;

/** The raw stored text, or null when nothing is stored or storage is blocked. */
export function readStoredUiSettings(userId: string): string | null {
  try {
    return localStorage.getItem(uiSettingsStorageKey(userId));
  } catch {
    return null;
  }
}

export function parseStoredUiSettings(raw: string | null): UiSettings {
  if (raw === null) return UI_SETTINGS_DEFAULTS;
  try {
    return parseUiSettings(JSON.parse(raw));
  } catch {
    return UI_SETTINGS_DEFAULTS;
  }
}

/** Stores the settings; false when the browser refuses (storage full or blocked). */
export function writeUiSettings(userId: string, settings: UiSettings): boolean {
  try {
    localStorage.setItem(uiSettingsStorageKey(userId), JSON.stringify(settings));
    return true;
  } catch {
    return false;
  }
}

/**
 * Shows the settings on the document root: the `dark` class, `data-accent` (index.css maps it
 * to --color-primary) and `data-density="compact"`. `null` takes them all off (signed out).
 */
export function applyUiSettings(settings: UiSettings | null, root = document.documentElement) {
  root.classList.toggle("dark", settings?.darkMode ?? false);
  if (settings) root.dataset.accent = settings.accentColor;
  else delete root.dataset.accent;
  if (settings?.compactMode) root.dataset.density = "compact";
  else delete root.dataset.density;
}
