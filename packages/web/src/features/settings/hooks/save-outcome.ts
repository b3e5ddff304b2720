import { hasServerMessage } from "../../../lib/api-client";

/** What saving one section came to; `message` is the sentence shown to the user. */
export type SaveOutcome =
  { ok: true; section: string } | { ok: false; section: string; message: string };

/** A section of the settings screen that 'Save All Settings' can save. */
export interface SavableSection {
  /** How the section is named in the summary, e.g. "UI settings". */
  label: string;
  /** The user changed something they may save. */
  dirty: boolean;
  /** Saves the changes (one outcome per part saved); never rejects. */
  save: () => Promise<SaveOutcome[]>;
}

/** The spec's failure sentence, plus the server's reason when it wrote one. */
export function failureText(sentence: string, error: unknown): string {
  return hasServerMessage(error) ? `${sentence} ${error.message}` : sentence;
}

/** Saves one section with `save`: its outcome, with `failed` and the server's reason on an error. */
export async function outcomeOf(
  section: string,
  failed: string,
  save: () => Promise<void>,
): Promise<SaveOutcome> {
  try {
    await save();
    return { ok: true, section };
  } catch (error) {
    return { ok: false, section, message: failureText(failed, error) };
  }
}
