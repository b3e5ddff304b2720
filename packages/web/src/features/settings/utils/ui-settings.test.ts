import { afterEach, describe, expect, it } from "vitest";
import { applyUiSettings, parseUiSettings, UI_SETTINGS_DEFAULTS } from "./ui-settings";
import {
  clearCachedUiSettings,
  readCachedUiSettings,
  UI_SETTINGS_CACHE_KEY,
  writeCachedUiSettings,
} from "../../../lib/ui-settings-cache";

afterEach(() => applyUiSettings(null));

describe("parseUiSettings", () => {
  it("falls back to blue for an unknown accent and keeps the valid fields", () => {
    expect(parseUiSettings({ darkMode: true, accentColor: "magenta", compactMode: true })).toEqual({
      darkMode: true,
      accentColor: "blue",
      compactMode: true,
    });
  });

  it("gives each missing or mistyped field its default", () => {
    expect(parseUiSettings({ darkMode: "yes", accentColor: "teal" })).toEqual({
      darkMode: false,
      accentColor: "teal",
      compactMode: false,
    });
    expect(parseUiSettings(null)).toEqual(UI_SETTINGS_DEFAULTS);
    expect(parseUiSettings(["dark"])).toEqual(UI_SETTINGS_DEFAULTS);
  });

  it("reads this browser's copy only for the user it belongs to, and unreadable text as none", () => {
    writeCachedUiSettings("u1", { darkMode: true, accentColor: "teal", compactMode: false });
    expect(readCachedUiSettings("u1")).toEqual({
      darkMode: true,
      accentColor: "teal",
      compactMode: false,
    });
    expect(readCachedUiSettings("u2")).toBeUndefined();
    localStorage.setItem(UI_SETTINGS_CACHE_KEY, "{not json");
    expect(readCachedUiSettings("u1")).toBeUndefined();
    localStorage.setItem(
      UI_SETTINGS_CACHE_KEY,
      JSON.stringify({ userId: "u1", settings: { accentColor: "pink" } }),
    );
    expect(readCachedUiSettings("u1")).toEqual(UI_SETTINGS_DEFAULTS);
    clearCachedUiSettings();
    expect(localStorage.getItem(UI_SETTINGS_CACHE_KEY)).toBeNull();
  });
});

describe("applyUiSettings", () => {
  it("puts the dark class, accent and density on the root and takes them off again", () => {
    const root = document.documentElement;
    applyUiSettings({ darkMode: true, accentColor: "purple", compactMode: true });
    expect(root).toHaveClass("dark");
    expect(root.dataset.accent).toBe("purple");
    expect(root.dataset.density).toBe("compact");

    applyUiSettings({ darkMode: false, accentColor: "blue", compactMode: false });
    expect(root).not.toHaveClass("dark");
    expect(root.dataset.accent).toBe("blue");
    expect(root.dataset.density).toBeUndefined();

    applyUiSettings(null);
    expect(root.dataset.accent).toBeUndefined();
  });
});
