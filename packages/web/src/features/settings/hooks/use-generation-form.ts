import type { GenerationSettings, GenerationSettingsResponse } from "@content-studio/contract";
import { useState } from "react";
import { useUpdateBannedPhrases } from "../api/update-banned-phrases";
import { useUpdateGenerationSettings } from "../api/update-generation-settings";
import { bannedPhrasesProblem, parseBannedPhrases, samePhrases } from "../utils/banned-phrases";
import { outcomeOf, type SaveOutcome } from "./save-outcome";
import { useTimedNotice } from "./use-timed-notice";

const DEFAULTS_SAVED = "Content generation defaults saved.";
const DEFAULTS_SAVE_FAILED = "Failed to save content generation defaults.";
const PHRASES_SAVE_FAILED = "Failed to save banned phrases.";
const DEFAULTS_SECTION = "content generation defaults";
const PHRASES_SECTION = "banned phrases";

const KEYS = [
  "defaultUseBenchmarks",
  "defaultQualityCheck",
  "defaultAutoRefine",
  "qualityThreshold",
  "autoRefineThreshold",
  "editorReview",
  "allowSelfApproval",
] as const satisfies readonly (keyof GenerationSettings)[];

const sameSettings = (a: GenerationSettings, b: GenerationSettings) =>
  KEYS.every((key) => a[key] === b[key]);

/**
 * The Content Generation Defaults card's state: the organisation's defaults and banned phrases
 * from the server with the user's unsaved edits on top, and saving whichever changed.
 * `onSettingsSaved` receives the stored defaults (the generator reads them).
 */
export function useGenerationForm(
  settings: GenerationSettingsResponse | undefined,
  phrases: string[] | undefined,
  onSettingsSaved: (settings: GenerationSettingsResponse) => void,
) {
  const [edit, setEdit] = useState<Partial<GenerationSettings> | null>(null);
  const [phrasesText, setPhrasesText] = useState<string | null>(null);
  const updateSettings = useUpdateGenerationSettings();
  const updatePhrases = useUpdateBannedPhrases();
  const { notice, show, clear } = useTimedNotice();

  // Only the settings are sent back; `can` is the server's answer, not an input.
  const draft: GenerationSettings | undefined = settings && {
    ...Object.fromEntries(KEYS.map((key) => [key, settings[key]])),
    ...(settings as GenerationSettings),
    ...edit,
  };
  const body =
    draft && (Object.fromEntries(KEYS.map((key) => [key, draft[key]])) as GenerationSettings);
  const settingsDirty = !!settings && !!draft && !sameSettings(draft, settings);
  const draftText = phrasesText ?? phrases?.join("\n") ?? "";
  const draftPhrases = parseBannedPhrases(draftText);
  const phrasesDirty = phrasesText !== null && !!phrases && !samePhrases(draftPhrases, phrases);
  const phrasesError = phrasesDirty ? bannedPhrasesProblem(draftPhrases) : null;

  const set = <K extends keyof GenerationSettings>(key: K, value: GenerationSettings[K]) => {
    clear();
    setEdit((current) => ({ ...current, [key]: value }));
  };

  const editPhrases = (text: string) => {
    clear();
    setPhrasesText(text);
  };

  const saveSettings = async (): Promise<SaveOutcome> => {
    if (!draft || !settingsDirty) return { ok: true, section: DEFAULTS_SECTION };
    return outcomeOf(DEFAULTS_SECTION, DEFAULTS_SAVE_FAILED, async () => {
      const stored = await updateSettings.mutateAsync(body ?? draft);
      onSettingsSaved(stored);
      setEdit(null);
    });
  };

  const savePhrases = async (): Promise<SaveOutcome> => {
    if (!phrasesDirty) return { ok: true, section: PHRASES_SECTION };
    if (phrasesError) {
      return {
        ok: false,
        section: PHRASES_SECTION,
        message: `${PHRASES_SAVE_FAILED} ${phrasesError}`,
      };
    }
    return outcomeOf(PHRASES_SECTION, PHRASES_SAVE_FAILED, async () => {
      // The mutation caches the server's (normalised) list, which the editor then shows.
      await updatePhrases.mutateAsync({ phrases: draftPhrases });
      setPhrasesText(null);
    });
  };

  /** Saves the defaults and the phrases that changed; the card shows one combined result. */
  const save = async (): Promise<SaveOutcome[]> => {
    clear();
    const outcomes = await Promise.all([
      ...(settingsDirty ? [saveSettings()] : []),
      ...(phrasesDirty ? [savePhrases()] : []),
    ]);
    const failures = outcomes.flatMap((o) => (o.ok ? [] : [o.message]));
    if (failures.length > 0) {
      show({ tone: "error", text: failures.join(" ") });
    } else if (outcomes.length > 0) {
      show({ tone: "success", text: DEFAULTS_SAVED });
    }
    return outcomes;
  };

  return {
    draft,
    draftText,
    phrasesError,
    dirty: settingsDirty || phrasesDirty,
    saving: updateSettings.isPending || updatePhrases.isPending,
    notice,
    set,
    editPhrases,
    save,
  };
}

export type GenerationForm = ReturnType<typeof useGenerationForm>;
