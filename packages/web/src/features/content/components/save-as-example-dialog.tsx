import { EXAMPLE_CATEGORIES, splitTags, type ExampleCategory } from "@content-studio/contract";
import { useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, FormDialogFooter } from "../../../components/ui/dialog";
import { optionsOf } from "../../../components/ui/options-field";
import { RadioGroup } from "../../../components/ui/radio-group";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { useDraft } from "../../../hooks/use-draft";
import { useSaveAsExample } from "../api/save-as-example";

const CATEGORY_OPTIONS = optionsOf(EXAMPLE_CATEGORIES, {
  good: "Good Example",
  bad: "Bad Example",
});

interface SaveAsExampleDialogProps {
  contentItemId: string;
  defaultTitle: string;
  onClose: () => void;
}

/** "Save as example": files the generated piece in the example repository with notes on why. */
export function SaveAsExampleDialog(props: SaveAsExampleDialogProps) {
  const save = useSaveAsExample();
  const [category, setCategory] = useState<ExampleCategory>("good");
  const { draft, text } = useDraft({ title: props.defaultTitle, tags: "", notes: "" });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      id: props.contentItemId,
      data: {
        category,
        title: draft.title.trim() || undefined,
        tags: splitTags(draft.tags),
        notes: draft.notes,
      },
    });
  };

  return (
    <Dialog
      title="Save as example"
      description="Add this content to the example repository, so later generations and quality checks learn from it."
      onClose={props.onClose}
      size="md"
      footer={
        save.isSuccess ? (
          <Button onClick={props.onClose}>Close</Button>
        ) : (
          <FormDialogFooter
            form="save-as-example-form"
            label="Save example"
            busy={save.isPending}
            onCancel={props.onClose}
          />
        )
      }
    >
      {save.isSuccess ? (
        <p role="status" className="text-sm text-slate-700">
          Saved as a {save.data.category === "good" ? "good" : "bad"} example: “{save.data.title}”.
          It appears under the Local source of the Example Repository.
        </p>
      ) : (
        <form id="save-as-example-form" onSubmit={submit} className="space-y-4">
          <RadioGroup
            legend="Category"
            name="category"
            inline
            value={category}
            onChange={setCategory}
            options={CATEGORY_OPTIONS}
          />
          <TextField label="Title" {...text("title")} maxLength={200} />
          <TextField label="Tags" hint="Separate tags with commas." {...text("tags")} />
          <TextAreaField
            label="Notes"
            hint="Why this is a good or a bad example."
            rows={4}
            maxLength={5000}
            {...text("notes")}
          />
          {save.isError ? <Alert>{save.error.message}</Alert> : null}
        </form>
      )}
    </Dialog>
  );
}
