import type { ExampleSummary } from "@content-studio/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
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
    <Dialog
      title="Delete example?"
      onClose={onClose}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate(example.id, { onSuccess: () => onDeleted(example) })}
          >
            {remove.isPending ? "Deleting..." : "Delete example"}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
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
        {remove.error ? <Alert>{remove.error.message}</Alert> : null}
      </div>
    </Dialog>
  );
}
