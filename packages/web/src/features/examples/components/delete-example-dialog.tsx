import type { ExampleSummary } from "@content-studio/contract";
import { MutationConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useDeleteExample } from "../api/delete-example";

interface DeleteExampleDialogProps {
  example: ExampleSummary;
  onClose: () => void;
  onDeleted: (example: ExampleSummary) => void;
}

/** Confirms a permanent delete (editors and admins). */
export function DeleteExampleDialog({ example, onClose, onDeleted }: DeleteExampleDialogProps) {
  const remove = useDeleteExample();
  return (
    <MutationConfirmDialog
      title="Delete example?"
      confirmLabel="Delete example"
      mutation={remove}
      variables={example.id}
      onDone={() => onDeleted(example)}
      onClose={onClose}
    >
      <p>
        <strong className="font-semibold text-slate-900">{example.title}</strong> will be deleted
        permanently.
      </p>
      {example.origin !== "manual" ? (
        <p className="text-slate-500">
          If its file is still in the source, the next ingest adds it again: remove the file there
          to keep it out.
        </p>
      ) : null}
    </MutationConfirmDialog>
  );
}
