import type { UseMutationResult } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { Spinner } from "./spinner";

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button's words while the action runs ("Deleting..."); else a spinner and the label. */
  busyLabel?: string;
  busy: boolean;
  error?: string | null;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" with the action's own wording: every confirmation of a delete or a change. */
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
            {props.busy && props.busyLabel ? (
              props.busyLabel
            ) : (
              <>
                {props.busy ? <Spinner className="size-4" /> : null}
                {props.confirmLabel}
              </>
            )}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm break-words text-slate-700">
        {props.children}
        {props.error ? <Alert>{props.error}</Alert> : null}
      </div>
    </Dialog>
  );
}

interface MutationConfirmDialogProps<TVariables> {
  title: string;
  children: ReactNode;
  /** The confirm button's words; the title when absent ("Delete term" names both). */
  confirmLabel?: string;
  /** The button's words while the action runs. */
  busyLabel?: string;
  /** What the confirm button runs with `variables`: busy while it runs, its error shown. */
  mutation: UseMutationResult<unknown, Error, TVariables>;
  variables: TVariables;
  /** Called once the mutation succeeds; `onClose` when absent. */
  onDone?: () => void;
  onClose: () => void;
}

/** The confirmation of a destructive action that one mutation performs (delete, revoke, remove). */
export function MutationConfirmDialog<TVariables>({
  mutation,
  variables,
  onDone,
  confirmLabel,
  busyLabel = "Deleting...",
  ...props
}: MutationConfirmDialogProps<TVariables>) {
  return (
    <ConfirmDialog
      {...props}
      confirmLabel={confirmLabel ?? props.title}
      busyLabel={busyLabel}
      danger
      busy={mutation.isPending}
      error={mutation.error?.message}
      onConfirm={() => mutation.mutate(variables, { onSuccess: onDone ?? props.onClose })}
    />
  );
}

interface DeleteConfirmationOptions<T> {
  /** The dialog's title and its confirm button's words ("Delete term"). */
  title: string;
  /** What deleting `item` does, in the words of the item's own list. */
  describe: (item: T) => ReactNode;
}

/**
 * A list's "delete this row?": `ask(item)` opens a confirmation whose button runs `mutation`
 * with the item's id, afresh for every item; `dialog` is that confirmation while it is open.
 */
export function useDeleteConfirmation<T extends { id: string }>(
  mutation: UseMutationResult<unknown, Error, string>,
  { title, describe }: DeleteConfirmationOptions<T>,
) {
  const [item, setItem] = useState<T | null>(null);
  const ask = (next: T) => {
    mutation.reset();
    setItem(next);
  };
  const dialog = item ? (
    <MutationConfirmDialog
      title={title}
      mutation={mutation}
      variables={item.id}
      onClose={() => setItem(null)}
    >
      {describe(item)}
    </MutationConfirmDialog>
  ) : null;
  return { ask, dialog };
}
