import type { AiServiceInfoResponse } from "@content-studio/contract";
import { useState } from "react";
import { useChangeAiProvider, type AiChoice } from "../api/change-ai-provider";
import { failureText, type SaveOutcome } from "./save-outcome";
import { useTimedNotice } from "./use-timed-notice";

/** The product's wording for this form's messages. */
const AI_SAVED = "AI provider settings saved successfully.";
const AI_SAVE_FAILED = "Failed to save AI provider settings.";
const SECTION = "AI provider settings";

/**
 * The AI Provider Settings card's state: the saved choice from the server, the user's unsaved
 * choice on top of it, and saving it. `onSaved` receives the server's new provider info.
 */
export function useAiProviderForm(
  info: AiServiceInfoResponse | undefined,
  onSaved: (info: AiServiceInfoResponse) => void,
) {
  const [edit, setEdit] = useState<AiChoice | null>(null);
  const change = useChangeAiProvider();
  const { notice, show, clear } = useTimedNotice();
  const saved: AiChoice | undefined = info && { provider: info.provider, model: info.model };
  const draft = edit ?? saved;
  const dirty =
    !!edit && !!saved && (edit.provider !== saved.provider || edit.model !== saved.model);

  const choose = (next: AiChoice) => {
    clear();
    setEdit(next);
  };

  /** Picks a provider, keeping the model when the new provider offers it too. */
  const chooseProvider = (id: string) => {
    const provider = info?.providers.find((p) => p.id === id);
    if (!provider || !draft) return;
    const model = provider.models.includes(draft.model) ? draft.model : provider.defaultModel;
    choose({ provider: id, model });
  };

  const chooseModel = (model: string) => {
    if (draft) choose({ provider: draft.provider, model });
  };

  const save = async (): Promise<SaveOutcome[]> => {
    if (!edit || !dirty) return [];
    clear();
    try {
      const result = await change.mutateAsync(edit);
      onSaved(result);
      setEdit(null);
      show({ tone: "success", text: AI_SAVED });
      return [{ ok: true, section: SECTION }];
    } catch (error) {
      const message = failureText(AI_SAVE_FAILED, error);
      show({ tone: "error", text: message });
      return [{ ok: false, section: SECTION, message }];
    }
  };

  return {
    draft,
    dirty,
    saving: change.isPending,
    notice,
    chooseProvider,
    chooseModel,
    save,
  };
}

export type AiProviderForm = ReturnType<typeof useAiProviderForm>;
