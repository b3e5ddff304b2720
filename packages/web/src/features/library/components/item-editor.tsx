import type { LibraryItemDetail } from "@content-studio/contract";
import { Gauge, Save } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { BusyIcon } from "../../../components/ui/spinner";
import { useDraft } from "../../../hooks/use-draft";
import { getFieldErrors, hasServerMessage } from "../../../lib/api-client";
import { useRecheckLibraryItem } from "../api/recheck-library-item";
import { useSaveLibraryItem } from "../api/save-library-item";
import { RichTextEditor } from "./rich-text-editor";

interface Draft {
  title: string;
  headline: string;
  introduction: string;
  body: string;
  conclusion: string;
}

const draftOf = (item: LibraryItemDetail): Draft => ({
  title: item.title,
  headline: item.headline,
  introduction: item.introduction,
  body: item.body,
  conclusion: item.conclusion,
});

/** Edits the text: every save is a new version, re-scored by the quality check. */
export function ItemEditor({ item }: { item: LibraryItemDetail }) {
  const { draft, set, setDraft, text } = useDraft<Draft>(() => draftOf(item));
  const [base, setBase] = useState(item.version);
  const save = useSaveLibraryItem();
  const recheck = useRecheckLibraryItem();
  // Someone else saved a newer version meanwhile: start over from it unless we have edits.
  if (item.version !== base && !save.isPending) {
    setBase(item.version);
    setDraft(draftOf(item));
  }
  const readOnly = !item.can.edit;
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(item));
  const fields = getFieldErrors(save.error);
  /** Binds a text control to one of the draft's texts: read-only when the item is, with its error. */
  const field = (key: Parameters<typeof text>[0]) => ({
    ...text(key),
    readOnly,
    error: fields[key],
  });

  const submit = () => {
    recheck.reset();
    save.mutate(
      { id: item.id, data: { ...draft, baseVersion: item.version } },
      {
        onSuccess: (saved) => {
          setBase(saved.version);
          setDraft(draftOf(saved));
        },
      },
    );
  };

  return (
    <Card
      title="Edit content"
      description={
        readOnly
          ? item.status === "published"
            ? "Published content is read-only. Move it back to draft to edit it."
            : "You can read this content but not change it."
          : item.status === "approved" || item.status === "in_review"
            ? "Saving a change sends this content back to draft; an approval no longer applies."
            : "Every save is a new version; the quality check runs again on save."
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!readOnly) submit();
        }}
      >
        <TextField label="Title" {...field("title")} maxLength={300} />
        <TextField label="Headline" {...field("headline")} maxLength={300} />
        <TextAreaField label="Introduction" rows={4} {...field("introduction")} />
        <div className="space-y-1.5">
          <span id={`body-label-${item.id}`} className="block text-sm font-medium text-slate-700">
            Body
          </span>
          <RichTextEditor
            label="Body"
            value={draft.body}
            readOnly={readOnly}
            onChange={(body) => set("body", body)}
          />
          {fields.body ? <p className="text-sm text-red-600">{fields.body}</p> : null}
        </div>
        <TextAreaField label="Conclusion" rows={3} {...field("conclusion")} />
        {save.isError && Object.keys(fields).length === 0 ? (
          <Alert>
            {hasServerMessage(save.error) ? save.error.message : "Saving failed. Please try again."}
          </Alert>
        ) : null}
        {recheck.isError ? (
          <Alert>
            {hasServerMessage(recheck.error)
              ? recheck.error.message
              : "The quality check failed. Please try again."}
          </Alert>
        ) : null}
        {save.isSuccess && !dirty ? (
          <Alert tone="success">Saved as version {item.version}.</Alert>
        ) : null}
        {recheck.isSuccess ? (
          <Alert tone="success">
            Quality check re-run: {Math.round((recheck.data.qualityAfter ?? 0) * 100)}%.
          </Alert>
        ) : null}
        {readOnly ? null : (
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={!dirty || save.isPending}>
              <BusyIcon busy={save.isPending} icon={Save} />
              {save.isPending ? "Saving..." : "Save"}
            </Button>
            <Button
              variant="secondary"
              disabled={recheck.isPending || dirty}
              title={dirty ? "Save first: the check runs on the saved text" : undefined}
              onClick={() => {
                save.reset();
                recheck.mutate(item.id);
              }}
            >
              <BusyIcon busy={recheck.isPending} icon={Gauge} />
              Run quality check
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
