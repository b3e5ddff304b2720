import { useEffect, useState } from "react";
import { useUpdateUiSettings } from "../api/update-ui-settings";
import { sameUiSettings, type UiSettings } from "../utils/ui-settings";
import { failureText, type SaveOutcome } from "./save-outcome";
import { setUiSettingsPreview, useSavedUiSettings } from "./use-ui-settings";
import { useTimedNotice } from "./use-timed-notice";

export const UI_SAVED = "UI settings saved.";
export const UI_SAVE_FAILED = "Failed to save UI settings.";
const SECTION = "UI settings";

/**
 * The UI Settings card's state. Changes show at once as a preview; saving stores them on the
 * server for this user (every browser they sign into); leaving the screen unsaved goes back
 * to the saved look.
 */
export function useUiSettingsForm(userId: string) {
  const saved = useSavedUiSettings(userId);
  const update = useUpdateUiSettings(userId);
  const [edit, setEdit] = useState<UiSettings | null>(null);
  const { notice, show, clear } = useTimedNotice();
  const draft = edit ?? saved.settings;
  const dirty = !sameUiSettings(draft, saved.settings);

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
    try {
      await update.mutateAsync(draft);
    } catch (error) {
      const message = failureText(UI_SAVE_FAILED, error);
      show({ tone: "error", text: message });
      return [{ ok: false, section: SECTION, message }];
    }
    setEdit(null);
    show({ tone: "success", text: UI_SAVED });
    return [{ ok: true, section: SECTION }];
  };

  return { draft, dirty, notice, set, save, saving: update.isPending, loadError: saved.error };
}

export type UiSettingsForm = ReturnType<typeof useUiSettingsForm>;
