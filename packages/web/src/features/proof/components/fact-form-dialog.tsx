import {
  FACT_SUBJECT_TYPE_LABELS,
  FACT_SUBJECT_TYPES,
  FACT_UNITS,
  type Fact,
  type FactInput,
  type FactSubjectType,
  type FactUnit,
} from "@content-studio/contract";
import { useState, type FormEvent } from "react";
import { FormDialog } from "../../../components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field";
import { OptionsField, optionsOf, SelectOptions } from "../../../components/ui/options-field";
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

const numberOrNull = (s: string) => (s.trim() === "" ? null : Number(s));

/**
 * Propose a fact, or edit one: statement, figure and unit, what the figure measures and which
 * way it goes, subject, source, owner, expiry.
 */
export function FactFormDialog({ fact, solutions, industries, onClose }: FactFormDialogProps) {
  const save = useSaveFact();
  const [statement, setStatement] = useState(fact?.statement ?? "");
  const [value, setValue] = useState(fact?.value?.toString() ?? "");
  const [valueMax, setValueMax] = useState(fact?.valueMax?.toString() ?? "");
  const [unit, setUnit] = useState<FactUnit | "">(fact?.unit ?? "");
  const [subjectType, setSubjectType] = useState<FactSubjectType>(fact?.subjectType ?? "company");
  const [subjectId, setSubjectId] = useState(fact?.subjectId ?? "");
  const [source, setSource] = useState(fact?.source ?? "");
  const [owner, setOwner] = useState(fact?.owner ?? "");
  const [expiresOn, setExpiresOn] = useState(fact?.expiresOn ?? "");
  const hasFigure = value.trim() !== "";
  const structure = useFactStructureDraft(fact?.structure, statement, hasFigure);
  const errors = getFieldErrors(save.error);
  const subjects =
    subjectType === "solution" ? solutions : subjectType === "industry" ? industries : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: FactInput = {
      statement,
      value: numberOrNull(value),
      valueMax: numberOrNull(valueMax),
      unit: unit === "" ? null : unit,
      subjectType,
      subjectId: subjectType === "company" ? null : subjectId || null,
      source,
      owner,
      expiresOn: expiresOn || null,
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
      formId="fact-form"
      submitLabel={fact ? "Save fact" : "Propose fact"}
      mutation={save}
      hasFieldError={Object.keys(errors).length > 0}
      noValidate
      onSubmit={submit}
    >
      <TextAreaField
        label="Statement"
        hint="The fact in one sentence, as a writer may state it."
        value={statement}
        onChange={(e) => setStatement(e.target.value)}
        error={errors.statement}
        rows={3}
        required
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Figure"
          hint="Empty for a qualitative fact."
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={errors.value}
        />
        <TextField
          label="Up to"
          hint="High end of a range."
          inputMode="decimal"
          value={valueMax}
          onChange={(e) => setValueMax(e.target.value)}
          error={errors.valueMax}
        />
        <OptionsField
          label="Unit"
          value={unit}
          onChange={setUnit}
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
          onChange={(e) => {
            setSubjectType(e.target.value as FactSubjectType);
            setSubjectId("");
          }}
        >
          <SelectOptions options={optionsOf(FACT_SUBJECT_TYPES, FACT_SUBJECT_TYPE_LABELS)} />
        </SelectField>
        {subjectType === "company" ? null : (
          <OptionsField
            label={FACT_SUBJECT_TYPE_LABELS[subjectType]}
            value={subjectId}
            onChange={setSubjectId}
            error={errors.subjectId}
            emptyLabel="Choose…"
            options={subjects.map((s) => ({ value: s.id, label: s.name }))}
          />
        )}
      </div>
      <TextField
        label="Source"
        hint="The document and location, or a URL."
        value={source}
        onChange={(e) => setSource(e.target.value)}
        error={errors.source}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Owner"
          value={owner}
          onChange={(e) => setOwner(e.target.value)}
          error={errors.owner}
          required
        />
        <TextField
          label="Expires on"
          type="date"
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
          error={errors.expiresOn}
        />
      </div>
    </FormDialog>
  );
}
