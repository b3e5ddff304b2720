import {
  describeApprovalBlocker,
  OWN_ITEM_APPROVAL_MESSAGE,
  type LibraryItemDetail,
  type TransitionBody,
} from "@content-studio/contract";
import { CheckCircle2, Send, Undo2, Upload, XCircle } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextAreaField } from "../../../components/ui/field";
import { hasServerMessage } from "../../../lib/api-client";
import { useTransitionLibraryItem } from "../api/transition-library-item";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";

/** The lifecycle buttons the caller may use now (from the server's capabilities). */
export function LifecycleActions({ item }: { item: LibraryItemDetail }) {
  const transition = useTransitionLibraryItem();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState("");
  const run = (data: TransitionBody, onSuccess?: () => void) =>
    // The version on screen goes with the action: the server refuses it if the item changed.
    transition.mutate({ id: item.id, data: { ...data, version: item.version } }, { onSuccess });
  const busy = transition.isPending;
  const blocked = item.approvalBlockers.length > 0;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {item.can.submit ? (
          <Button size="sm" disabled={busy} onClick={() => run({ action: "submit" })}>
            <Send aria-hidden="true" className="size-4" />
            Submit for review
          </Button>
        ) : null}
        {item.can.approve ? (
          <Button
            size="sm"
            disabled={busy || blocked}
            title={blocked ? "Approval is blocked: see the reasons below" : undefined}
            onClick={() => run({ action: "approve" })}
          >
            <CheckCircle2 aria-hidden="true" className="size-4" />
            Approve
          </Button>
        ) : null}
        {item.can.reject ? (
          <Button
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={() => {
              transition.reset();
              setNote("");
              setRejecting(true);
            }}
          >
            <XCircle aria-hidden="true" className="size-4" />
            Reject
          </Button>
        ) : null}
        {item.can.publish ? (
          <Button size="sm" disabled={busy} onClick={() => run({ action: "publish" })}>
            <Upload aria-hidden="true" className="size-4" />
            Publish
          </Button>
        ) : null}
        {item.can.unpublish ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => run({ action: "unpublish" })}
          >
            <Undo2 aria-hidden="true" className="size-4" />
            Move back to draft
          </Button>
        ) : null}
      </div>
      {
        // Whoever may reject an item in review may approve it, unless it is their own.
        item.status === "in_review" && item.can.reject && !item.can.approve ? (
          <Alert tone="info">{OWN_ITEM_APPROVAL_MESSAGE}</Alert>
        ) : null
      }
      {item.status === "in_review" && blocked ? (
        <Alert tone="info">
          <p className="font-medium">Approval is blocked until:</p>
          <ul className="mt-1 list-disc pl-5">
            {item.approvalBlockers.map((b, i) => (
              <li key={i}>{describeApprovalBlocker(b)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {transition.isError && !rejecting ? (
        <Alert>
          {hasServerMessage(transition.error)
            ? transition.error.message
            : "That did not work. Please try again."}
        </Alert>
      ) : null}
      {rejecting ? (
        <ConfirmDialog
          title="Reject this content?"
          confirmLabel="Reject"
          danger
          busy={busy}
          error={
            transition.isError
              ? hasServerMessage(transition.error)
                ? transition.error.message
                : "That did not work. Please try again."
              : null
          }
          onClose={() => setRejecting(false)}
          onConfirm={() => run({ action: "reject", note: note.trim() }, () => setRejecting(false))}
        >
          <p>It goes back to draft with your note in its history.</p>
          <TextAreaField
            label="Reason"
            rows={3}
            required
            value={note}
            maxLength={2000}
            onChange={(e) => setNote(e.target.value)}
          />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
