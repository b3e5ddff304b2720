import type { CampaignBrief } from "@content-studio/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";

interface DeleteBriefDialogProps {
  brief: CampaignBrief;
  onClose: () => void;
  onDelete: () => void;
  deleting: boolean;
  error: Error | null;
}

/** Asks before a brief and its cells are deleted. */
export function DeleteBriefDialog({
  brief,
  onClose,
  onDelete,
  deleting,
  error,
}: DeleteBriefDialogProps) {
  return (
    <Dialog
      title="Delete this brief?"
      size="md"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" disabled={deleting} onClick={onDelete}>
            {deleting ? <Spinner className="size-4" /> : null}
            Delete brief
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          &ldquo;{brief.name}&rdquo; and its {brief.cells.length}{" "}
          {brief.cells.length === 1 ? "cell" : "cells"} will be deleted.
        </p>
        {error ? <Alert>{error.message}</Alert> : null}
      </div>
    </Dialog>
  );
}
