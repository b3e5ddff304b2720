import { z } from "zod";

/** The accent colours; anything else falls back to blue. */
export const ACCENT_COLORS = ["blue", "green", "purple", "red", "orange", "teal"] as const;
export const AccentColorSchema = z.enum(ACCENT_COLORS);
export type AccentColor = z.infer<typeof AccentColorSchema>;

/**
 * Personal display preferences, kept per user on the server (GET/PUT /api/me/settings) and
 * cached in the browser so the first paint already has them.
 */
export const UiSettingsSchema = z.object({
  /** Adds the `dark` class to the document root. */
  darkMode: z.boolean(),
  accentColor: AccentColorSchema,
  /** Tightens spacing on every screen. */
  compactMode: z.boolean(),
});
export type UiSettings = z.infer<typeof UiSettingsSchema>;

/** Dark mode off, compact mode off, accent blue. */
export const UI_SETTINGS_DEFAULTS: UiSettings = {
  darkMode: false,
  accentColor: "blue",
  compactMode: false,
};

export const isAccentColor = (value: unknown): value is AccentColor =>
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
