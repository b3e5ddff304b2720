import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error?: string | null;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" with the action's own wording. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog
      title={props.title}
      size="md"
      onClose={props.onClose}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            variant={props.danger ? "danger" : "primary"}
            disabled={props.busy}
            onClick={props.onConfirm}
          >
            {props.busy ? <Spinner className="size-4" /> : null}
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        {props.children}
        {props.error ? <Alert>{props.error}</Alert> : null}
      </div>
    </Dialog>
  );
}
