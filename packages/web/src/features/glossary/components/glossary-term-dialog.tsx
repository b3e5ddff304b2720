import {
  KIT_LANGUAGE_LABELS,
  KIT_LANGUAGES,
  TERM_STATUS_INFO,
  TERM_STATUS_LABELS,
  TERM_STATUSES,
  type GlossaryTerm,
  type GlossaryTermInput,
  type KitLanguage,
  type TermStatus,
} from "@content-studio/contract";
import type { FormEvent } from "react";
import { FormDialog } from "../../../components/ui/dialog";
import { SelectField, TextField } from "../../../components/ui/field";
import { optionsOf, SelectOptions } from "../../../components/ui/options-field";
import { SwitchField } from "../../../components/ui/switch-field";
import { useDraft } from "../../../hooks/use-draft";
import { getFieldErrors } from "../../../lib/api-client";
import { useSaveGlossaryTerm } from "../api/save-glossary-term";

interface GlossaryTermDialogProps {
  /** The term to edit; a new one when absent. */
  term?: GlossaryTerm;
  /** The language a new term starts in (the table's filter, when one is set). */
  defaultLocale?: KitLanguage;
  onClose: () => void;
}

/** Add a term, or edit one: term, concept, language, status, case sensitivity and a note. */
export function GlossaryTermDialog({ term, defaultLocale, onClose }: GlossaryTermDialogProps) {
  const save = useSaveGlossaryTerm();
  const { draft, set, text } = useDraft<Required<GlossaryTermInput>>(() => ({
    term: term?.term ?? "",
    concept: term?.concept ?? "",
    locale: term?.locale ?? defaultLocale ?? "en",
    status: term?.status ?? "preferred",
    caseSensitive: term?.caseSensitive ?? false,
    note: term?.note ?? "",
  }));
  const errors = getFieldErrors(save.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { note, ...rest } = draft;
    const input: GlossaryTermInput = { ...rest, ...(note.trim() ? { note } : {}) };
    save.mutate({ id: term?.id, input }, { onSuccess: onClose });
  };

  return (
    <FormDialog
      title={term ? "Edit term" : "Add term"}
      onClose={onClose}
      size="md"
      submitLabel={term ? "Save term" : "Add term"}
      mutation={save}
      onSubmit={submit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Term" {...text("term", errors)} required />
        <TextField
          label="Concept"
          hint="The same concept groups a term's translations and alternatives."
          {...text("concept", errors)}
          required
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Language"
          value={draft.locale}
          onChange={(e) => set("locale", e.target.value as KitLanguage)}
          error={errors.locale}
        >
          <SelectOptions options={optionsOf(KIT_LANGUAGES, KIT_LANGUAGE_LABELS)} />
        </SelectField>
        <SelectField
          label="Status"
          hint={TERM_STATUS_INFO[draft.status].hint}
          value={draft.status}
          onChange={(e) => set("status", e.target.value as TermStatus)}
          error={errors.status}
        >
          <SelectOptions options={optionsOf(TERM_STATUSES, TERM_STATUS_LABELS)} />
        </SelectField>
      </div>
      <SwitchField
        label="Match case"
        description="Only this exact capitalisation counts (a capital at the start of a sentence still does)."
        checked={draft.caseSensitive}
        onChange={(caseSensitive) => set("caseSensitive", caseSensitive)}
      />
      <TextField
        label="Note"
        hint="Optional: why, or where it applies."
        {...text("note", errors)}
      />
    </FormDialog>
  );
}
