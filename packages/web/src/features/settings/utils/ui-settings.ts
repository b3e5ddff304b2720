import type { UiSettings } from "@content-studio/contract";

export {
  ACCENT_COLORS,
  UI_SETTINGS_DEFAULTS,
  isAccentColor,
  parseUiSettings,
  sameUiSettings,
  type AccentColor,
  type UiSettings,
} from "@content-studio/contract";

/**
 * Shows the settings on the document root: the `dark` class, `data-accent` (index.css maps it
 * to --color-primary) and `data-density="compact"`. `null` takes them all off (signed out).
 * public/theme-boot.js does the same before the first paint, from the cached copy.
 */
export function applyUiSettings(settings: UiSettings | null, root = document.documentElement) {
  root.classList.toggle("dark", settings?.darkMode ?? false);
  if (settings) root.dataset.accent = settings.accentColor;
  else delete root.dataset.accent;
  if (settings?.compactMode) root.dataset.density = "compact";
  else delete root.dataset.density;
}
