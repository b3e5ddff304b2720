import {
  FACT_SUBJECT_TYPE_LABELS,
  FACT_SUBJECT_TYPES,
  FACT_UNITS,
  type Fact,
  type FactInput,
  type FactSubjectType,
  type FactUnit,
} from "@content-studio/contract";
import type { FormEvent } from "react";
import { FormDialog } from "../../../components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field";
import { OptionsField, optionsOf, SelectOptions } from "../../../components/ui/options-field";
import { useDraft } from "../../../hooks/use-draft";
import { getFieldErrors } from "../../../lib/api-client";
import { useSaveFact } from "../api/save-fact";
import { FactStructureFields, useFactStructureDraft } from "./fact-structure-fields";

export interface SubjectOption {
  id: string;
  name: string;
}

interface FactFormDialogProps {
  /** The fact to edit; a new proposal when absent. */
  fact?: Fact;
  solutions: SubjectOption[];
  industries: SubjectOption[];
  onClose: () => void;
}

/** The form's values as typed: figures as text, "" for an empty choice. */
interface FactDraft {
  statement: string;
  value: string;
  valueMax: string;
  unit: FactUnit | "";
  subjectType: FactSubjectType;
  subjectId: string;
  source: string;
  owner: string;
  expiresOn: string;
}

/** The figure, or the low end of a range, and its high end. */
const FIGURE_FIELDS = [
  { name: "value", label: "Figure", hint: "Empty for a qualitative fact." },
  { name: "valueMax", label: "Up to", hint: "High end of a range." },
] as const;

const numberOrNull = (s: string) => (s.trim() === "" ? null : Number(s));

/**
 * Propose a fact, or edit one: statement, figure and unit, what the figure measures and which
 * way it goes, subject, source, owner, expiry.
 */
export function FactFormDialog({ fact, solutions, industries, onClose }: FactFormDialogProps) {
  const save = useSaveFact();
  const { draft, set, setDraft, text } = useDraft<FactDraft>(() => ({
    statement: fact?.statement ?? "",
    value: fact?.value?.toString() ?? "",
    valueMax: fact?.valueMax?.toString() ?? "",
    unit: fact?.unit ?? "",
    subjectType: fact?.subjectType ?? "company",
    subjectId: fact?.subjectId ?? "",
    source: fact?.source ?? "",
    owner: fact?.owner ?? "",
    expiresOn: fact?.expiresOn ?? "",
  }));
  const { subjectType } = draft;
  const hasFigure = draft.value.trim() !== "";
  const structure = useFactStructureDraft(fact?.structure, draft.statement, hasFigure);
  const errors = getFieldErrors(save.error);
  const subjects =
    subjectType === "solution" ? solutions : subjectType === "industry" ? industries : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: FactInput = {
      statement: draft.statement,
      value: numberOrNull(draft.value),
      valueMax: numberOrNull(draft.valueMax),
      unit: draft.unit === "" ? null : draft.unit,
      subjectType,
      subjectId: subjectType === "company" ? null : draft.subjectId || null,
      source: draft.source,
      owner: draft.owner,
      expiresOn: draft.expiresOn || null,
      isSample: fact?.isSample ?? false,
      structure: structure.toInput(),
    };
    save.mutate({ id: fact?.id, input }, { onSuccess: onClose });
  };

  return (
    <FormDialog
      title={fact ? "Edit fact" : "Add fact"}
      description={
        fact ? undefined : "A proposed fact binds claims once an administrator approves it."
      }
      onClose={onClose}
      size="md"
      submitLabel={fact ? "Save fact" : "Propose fact"}
      mutation={save}
      onSubmit={submit}
    >
      <TextAreaField
        label="Statement"
        hint="The fact in one sentence, as a writer may state it."
        {...text("statement", errors)}
        rows={3}
        required
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {FIGURE_FIELDS.map(({ name, label, hint }) => (
          <TextField
            key={name}
            label={label}
            hint={hint}
            inputMode="decimal"
            {...text(name, errors)}
          />
        ))}
        <OptionsField
          label="Unit"
          value={draft.unit}
          onChange={(unit) => set("unit", unit)}
          error={errors.unit}
          emptyLabel="None"
          options={optionsOf(FACT_UNITS, (u) => u)}
        />
      </div>
      {hasFigure ? <FactStructureFields structure={structure} errors={errors} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Subject"
          value={subjectType}
          onChange={(e) =>
            setDraft((d) => ({
              ...d,
              subjectType: e.target.value as FactSubjectType,
              subjectId: "",
            }))
          }
        >
          <SelectOptions options={optionsOf(FACT_SUBJECT_TYPES, FACT_SUBJECT_TYPE_LABELS)} />
        </SelectField>
        {subjectType === "company" ? null : (
          <OptionsField
            label={FACT_SUBJECT_TYPE_LABELS[subjectType]}
            value={draft.subjectId}
            onChange={(id) => set("subjectId", id)}
            error={errors.subjectId}
            emptyLabel="Choose…"
            options={subjects.map((s) => ({ value: s.id, label: s.name }))}
          />
        )}
      </div>
      <TextField
        label="Source"
        hint="The document and location, or a URL."
        {...text("source", errors)}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Owner" {...text("owner", errors)} required />
        <TextField label="Expires on" type="date" {...text("expiresOn", errors)} />
      </div>
    </FormDialog>
  );
}
