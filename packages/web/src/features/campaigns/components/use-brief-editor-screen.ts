import type { BuyingStage, CampaignBrief } from "@content-studio/contract";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useDraft } from "../../../hooks/use-draft";
import { getFieldErrors } from "../../../lib/api-client";
import { useDeleteBrief } from "../api/delete-brief";
import { useDuplicateBrief } from "../api/duplicate-brief";
import { useExportBrief } from "../api/export-brief";
import { useSaveBrief } from "../api/save-brief";
import {
  initialValues,
  inputOf,
  type BriefFormValues,
  type BriefOptions,
} from "./brief-form-state";
import { englishOnlyNotice } from "./english-only";

/** Sets one field of the brief form (and clears the "Saved." note). */
export type SetBriefValue = <K extends keyof BriefFormValues>(
  key: K,
  value: BriefFormValues[K],
) => void;

/** What a card of the brief form reads and sets: the values, the setter and the field errors. */
export interface BriefFormBinding {
  values: BriefFormValues;
  set: SetBriefValue;
  /** The save's field errors by path. */
  fields: Record<string, string>;
  /** The first field error at `prefix` or below it. */
  fieldError: (prefix: string) => string | undefined;
}

/** The brief's fields a text input, text area or select edits. */
type BriefTextKey = "name" | "objective" | "keyMessage" | "ownerId" | "dueDate";

/** Binds a control to one of the brief's texts: its `value`, `onChange` and `error`. */
export type BriefTextField = ReturnType<typeof useBriefEditorScreen>["textField"];

interface BriefEditorScreenInput {
  /** Undefined for a new brief. */
  brief: CampaignBrief | undefined;
  options: BriefOptions;
  canCreate: boolean;
  writerOffline: boolean;
}

/** The brief editor's state: the form's values, its save, duplicate, export and delete. */
export function useBriefEditorScreen({
  brief,
  options,
  canCreate,
  writerOffline,
}: BriefEditorScreenInput) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const form = useDraft(
    () => initialValues(brief),
    () => setSaved(false),
  );
  const { draft: values, set } = form;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveBrief();
  const duplicate = useDuplicateBrief();
  const exportCsv = useExportBrief();
  const remove = useDeleteBrief();
  const editable = brief ? brief.can.edit : canCreate;
  const fields = getFieldErrors(save.error);
  /** Binds a text input, text area or select to one of the brief's texts, with its error. */
  const textField = (key: BriefTextKey) => ({ ...form.text(key), error: fields[key] });
  const fieldError = (prefix: string) =>
    Object.entries(fields).find(([path]) => path === prefix || path.startsWith(`${prefix}.`))?.[1];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(values, options, options.owners !== null);
    save.mutate(
      { id: brief?.id, input },
      {
        onSuccess: (result) => {
          setSaved(true);
          if (!brief)
            void navigate(`/campaigns/${encodeURIComponent(result.id)}`, { replace: true });
        },
      },
    );
  };
  const onDuplicate = () =>
    brief &&
    duplicate.mutate(brief.id, {
      onSuccess: (copy) => void navigate(`/campaigns/${encodeURIComponent(copy.id)}`),
    });
  const onDelete = () =>
    brief &&
    remove.mutate(brief.id, { onSuccess: () => void navigate("/campaigns", { replace: true }) });

  const notice = writerOffline ? englishOnlyNotice(values.languages) : null;
  const offersFor = (stage: BuyingStage) => options.offers.filter((o) => o.stages.includes(stage));
  const actionError = duplicate.error ?? exportCsv.error;

  const binding: BriefFormBinding = { values, set, fields, fieldError };

  return {
    binding,
    values,
    set,
    textField,
    saved,
    confirmDelete,
    setConfirmDelete,
    save,
    duplicate,
    exportCsv,
    remove,
    editable,
    fieldError,
    onSubmit,
    onDuplicate,
    onDelete,
    notice,
    offersFor,
    actionError,
  };
}
