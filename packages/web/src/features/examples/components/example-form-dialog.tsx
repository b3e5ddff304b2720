import {
  BuyingStageSchema,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  ContentTypeSchema,
  ExampleCategorySchema,
  splitTags,
  type ExampleDetail,
  type ExampleInput,
} from "@content-studio/contract";
import { type ComponentProps, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Dialog, FormDialog } from "../../../components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field";
import { optionsOf, SelectOptions } from "../../../components/ui/options-field";
import { LoadingText } from "../../../components/ui/spinner";
import { getFieldErrors } from "../../../lib/api-client";
import { formText } from "../../../lib/form";
import { useCreateExample } from "../api/create-example";
import { useExample } from "../api/get-example";
import { useUpdateExample } from "../api/update-example";
import { exampleDetailErrorMessage } from "./labels";
import { stageLabel, type ExampleReferenceOptions } from "./reference-options";

const FIELDS = [
  "title",
  "category",
  "contentType",
  "personaId",
  "industryId",
  "buyingStage",
  "tags",
  "notes",
  "headline",
  "introduction",
  "body",
  "conclusion",
] as const;

/** The fields whose stored value is the text the form shows. */
type TextFieldName = "title" | "notes" | "headline" | "introduction" | "body" | "conclusion";

/** The fields the form offers as a list of choices. */
type ChoiceFieldName = "category" | "contentType" | "personaId" | "industryId" | "buyingStage";

/** The example's long texts, in the order the form shows them. */
const LONG_TEXT_FIELDS: ({ name: TextFieldName } & ComponentProps<typeof TextAreaField>)[] = [
  { name: "introduction", label: "Introduction *", required: true, rows: 3, maxLength: 20_000 },
  {
    name: "body",
    label: "Body *",
    required: true,
    rows: 10,
    maxLength: 200_000,
    hint: "Markdown: ### headings, - lists, **bold**.",
    className: "font-mono",
  },
  { name: "conclusion", label: "Conclusion *", required: true, rows: 3, maxLength: 20_000 },
  {
    name: "notes",
    label: "Notes",
    rows: 3,
    maxLength: 5000,
    hint: "Why this example is good or bad; used when checking generated content.",
  },
];

interface ExampleFormDialogProps extends ExampleReferenceOptions {
  /** The example to edit; absent to create one. */
  editId?: string;
  onClose: () => void;
  onSaved: (example: ExampleDetail, created: boolean) => void;
}

/** 'New Example' and 'Edit' (editors and admins): every field, server field errors inline. */
export function ExampleFormDialog({ editId, ...props }: ExampleFormDialogProps) {
  return editId ? <EditExample id={editId} {...props} /> : <ExampleForm {...props} />;
}

function EditExample({
  id,
  onClose,
  ...props
}: Omit<ExampleFormDialogProps, "editId"> & { id: string }) {
  const example = useExample(id);
  if (example.data) return <ExampleForm initial={example.data} onClose={onClose} {...props} />;
  return (
    <Dialog title="Edit example" onClose={onClose} size="md">
      {example.isError ? (
        <Alert>{exampleDetailErrorMessage(example.error)}</Alert>
      ) : (
        <LoadingText role="status">Loading example...</LoadingText>
      )}
    </Dialog>
  );
}

/** Reads the form into the request body (the server validates it again). */
function readInput(form: FormData): ExampleInput {
  const optional = (name: string) => formText(form, name) || null;
  return {
    title: formText(form, "title"),
    category: ExampleCategorySchema.catch("good").parse(formText(form, "category")),
    contentType: ContentTypeSchema.catch("thought-leadership").parse(formText(form, "contentType")),
    personaId: formText(form, "personaId"),
    industryId: optional("industryId"),
    buyingStage: BuyingStageSchema.nullable().catch(null).parse(optional("buyingStage")),
    tags: splitTags(formText(form, "tags")),
    notes: formText(form, "notes"),
    headline: formText(form, "headline"),
    introduction: formText(form, "introduction"),
    body: formText(form, "body"),
    conclusion: formText(form, "conclusion"),
  };
}

function ExampleForm({
  initial,
  onClose,
  onSaved,
  personas,
  industries,
  buyingStages,
}: Omit<ExampleFormDialogProps, "editId"> & { initial?: ExampleDetail }) {
  const create = useCreateExample();
  const update = useUpdateExample();
  const mutation = initial ? update : create;
  const errors = getFieldErrors(mutation.error);
  // Tag issues come back per item (`tags.3`).
  const tagsError =
    errors.tags ?? Object.entries(errors).find(([key]) => key.startsWith("tags."))?.[1];
  const hasFieldError = FIELDS.some((field) => errors[field]) || Boolean(tagsError);
  /** The name, stored value and error of one of the example's text fields. */
  const textOf = (name: TextFieldName) => ({
    name,
    defaultValue: initial?.[name],
    error: errors[name],
  });
  /** The name, stored choice (`fallback` for a new example) and error of one of its lists. */
  const choiceOf = (name: ChoiceFieldName, fallback = "") => ({
    name,
    defaultValue: initial?.[name] ?? fallback,
    error: errors[name],
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = readInput(new FormData(event.currentTarget));
    if (initial) {
      update.mutate({ id: initial.id, input }, { onSuccess: (example) => onSaved(example, false) });
    } else {
      create.mutate(input, { onSuccess: (example) => onSaved(example, true) });
    }
  };

  return (
    <FormDialog
      title={initial ? "Edit example" : "New example"}
      description={
        initial
          ? undefined
          : "Examples made by hand are listed under the Local source. Fields marked * are required."
      }
      onClose={onClose}
      size="xl"
      formLabel={initial ? "Edit example" : "New example"}
      submitLabel={initial ? "Save changes" : "Create example"}
      mutation={mutation}
      hasFieldError={hasFieldError}
      onSubmit={onSubmit}
    >
      <TextField label="Title *" {...textOf("title")} required maxLength={200} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField label="Category *" {...choiceOf("category", "good")}>
          <option value="good">Good Example</option>
          <option value="bad">Bad Example</option>
        </SelectField>
        <SelectField label="Content Type *" {...choiceOf("contentType", "thought-leadership")}>
          <SelectOptions options={optionsOf(CONTENT_TYPES, CONTENT_TYPE_LABELS)} />
        </SelectField>
        <SelectField label="Target Persona *" required {...choiceOf("personaId")}>
          <option value="" disabled>
            Choose a persona
          </option>
          <SelectOptions options={personas.map((p) => ({ value: p.id, label: p.title }))} />
        </SelectField>
        <SelectField label="Industry" {...choiceOf("industryId")}>
          <option value="">None</option>
          <SelectOptions options={industries.map((i) => ({ value: i.id, label: i.name }))} />
        </SelectField>
        <SelectField label="Buying Stage" {...choiceOf("buyingStage")}>
          <option value="">None</option>
          <SelectOptions options={optionsOf(buyingStages, stageLabel)} />
        </SelectField>
        <TextField
          label="Tags"
          name="tags"
          maxLength={1000}
          defaultValue={initial?.tags.join(", ")}
          placeholder="should-cost, dfm"
          hint="Separate tags with commas (up to 20)."
          error={tagsError}
        />
      </div>
      <TextField label="Headline *" {...textOf("headline")} required maxLength={300} />
      {LONG_TEXT_FIELDS.map(({ name, ...field }) => (
        <TextAreaField key={name} {...field} {...textOf(name)} />
      ))}
    </FormDialog>
  );
}
