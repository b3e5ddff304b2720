import type { CampaignBrief } from "@content-studio/contract";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";

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
    <ConfirmDialog
      title="Delete this brief?"
      confirmLabel="Delete brief"
      danger
      busy={deleting}
      error={error?.message}
      onConfirm={onDelete}
      onClose={onClose}
    >
      <p>
        &ldquo;{brief.name}&rdquo; and its {brief.cells.length}{" "}
        {brief.cells.length === 1 ? "cell" : "cells"} will be deleted.
      </p>
    </ConfirmDialog>
  );
}
