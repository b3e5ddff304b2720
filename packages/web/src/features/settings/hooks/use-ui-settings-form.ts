import { useEffect, useState } from "react";
import { sameUiSettings, type UiSettings } from "../utils/ui-settings";
import type { SaveOutcome } from "./save-outcome";
import { saveUiSettings, setUiSettingsPreview, useSavedUiSettings } from "./use-ui-settings";
import { useTimedNotice } from "./use-timed-notice";

const UI_SAVED = "UI settings saved.";
const UI_SAVE_FAILED =
  "Failed to save UI settings: this browser does not allow the site to store data.";
const SECTION = "UI settings";

/**
 * The UI Settings card's state. Changes show at once as a preview; saving keeps them (in this
 * browser, for this user); leaving the screen unsaved goes back to the saved look.
 */
export function useUiSettingsForm(userId: string) {
  const saved = useSavedUiSettings(userId);
  const [edit, setEdit] = useState<UiSettings | null>(null);
  const { notice, show, clear } = useTimedNotice();
  const draft = edit ?? saved;
  const dirty = !sameUiSettings(draft, saved);

  useEffect(() => {
    setUiSettingsPreview(dirty ? draft : null);
  }, [dirty, draft]);
  useEffect(() => () => setUiSettingsPreview(null), []);

  const set = <K extends keyof UiSettings>(key: K, value: UiSettings[K]) => {
    clear();
    setEdit({ ...draft, [key]: value });
  };

  const save = async (): Promise<SaveOutcome[]> => {
    if (!dirty) return [];
    clear();
    if (!saveUiSettings(userId, draft)) {
      show({ tone: "error", text: UI_SAVE_FAILED });
      return [{ ok: false, section: SECTION, message: UI_SAVE_FAILED }];
    }
    setEdit(null);
    show({ tone: "success", text: UI_SAVED });
    return [{ ok: true, section: SECTION }];
  };

  return { draft, dirty, notice, set, save };
}

export type UiSettingsForm = ReturnType<typeof useUiSettingsForm>;
