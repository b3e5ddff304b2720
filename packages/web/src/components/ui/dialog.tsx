import { X } from "lucide-react";
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { getFieldErrors } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { Alert } from "./alert";
import { Button } from "./button";
import { holdModal } from "./focus-trap";
import { IconButton } from "./icon-button";

const SIZES = { md: "max-w-lg", lg: "max-w-3xl", xl: "max-w-5xl" } as const;

interface DialogProps {
  title: ReactNode;
  description?: ReactNode;
  /** Called on Esc, the close button and a click on the backdrop. */
  onClose: () => void;
  /** Buttons at the bottom right. */
  footer?: ReactNode;
  /** Without a footer: the words of one button there that closes the dialog ("Done"). */
  closeLabel?: string;
  size?: keyof typeof SIZES;
  children: ReactNode;
}

/**
 * A modal dialog rendered while mounted: role=dialog with aria-modal, the rest of the page
 * inert, Tab kept inside, Esc closes, and focus returns to where it was on close.
 */
export function Dialog({
  title,
  description,
  onClose,
  footer: ownFooter,
  closeLabel,
  size = "lg",
  children,
}: DialogProps) {
  const footer =
    ownFooter ??
    (closeLabel ? (
      <Button variant="secondary" onClick={onClose}>
        {closeLabel}
      </Button>
    ) : null);
  const titleId = useId();
  const descriptionId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Esc and Tab are handled on the document: focus may sit on the page itself (e.g. after
  // the focused button was disabled), and the dialog must still close and keep Tab inside.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const overlay = overlayRef.current;
    const panel = panelRef.current;
    if (!overlay || !panel) return;
    // Held before the page goes inert, so it remembers the focus to give back.
    const release = holdModal(panel, () => onCloseRef.current());
    // Everything else on the page is out of reach (pointer, Tab and screen readers).
    const others = Array.from(document.body.children).filter(
      (el): el is HTMLElement =>
        el instanceof HTMLElement && el !== overlay && !el.hasAttribute("inert"),
    );
    for (const el of others) el.setAttribute("inert", "");
    panel.focus();
    return () => {
      for (const el of others) el.removeAttribute("inert");
      release();
    };
  }, []);

  return createPortal(
    <div
      ref={overlayRef}
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/50 p-4 sm:py-10"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn(
          "flex w-full flex-col rounded-xl bg-white shadow-xl outline-none",
          SIZES[size],
        )}
      >
        <header className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className="mt-1 text-sm text-slate-500">
                {description}
              </div>
            ) : null}
          </div>
          <IconButton
            label="Close dialog"
            icon={X}
            onClick={onClose}
            className="-mr-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          />
        </header>
        <div className="px-6 py-5">{children}</div>
        {footer ? (
          <footer className="flex flex-wrap justify-end gap-3 border-t border-slate-200 bg-slate-50 px-6 py-4">
            {footer}
          </footer>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}

interface FormDialogFooterProps {
  /** The id of the dialog's form, which the submit button submits. */
  form: string;
  /** The submit button's words, and its words while the form is sent. */
  label: string;
  busyLabel?: string;
  busy: boolean;
  /** Disables submitting while the form cannot be sent yet (the busy state also does). */
  disabled?: boolean;
  onCancel: () => void;
}

/** Cancel, then the submit button of the dialog's form: the footer of every form dialog. */
export function FormDialogFooter({
  form,
  label,
  busyLabel = "Saving...",
  busy,
  disabled,
  onCancel,
}: FormDialogFooterProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={form} disabled={busy || disabled}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

interface FormDialogProps extends Omit<DialogProps, "footer" | "closeLabel"> {
  /** The form's accessible name. */
  formLabel?: string;
  /** The submit button's words, and its words while the form is sent. */
  submitLabel: string;
  busyLabel?: string;
  /** What the form sends: busy while pending; its error above the fields unless they show it. */
  mutation: { isPending: boolean; error: Error | null };
  /**
   * Whether the fields show the failed send's message beside them, so that it is not shown above
   * them too. By default, when the error names any field (the answer's field issues).
   */
  hasFieldError?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A dialog around one form: the fields, the message of a failed send, Cancel and submit. The
 * browser's own checks are off (`noValidate`): the server's answer names what is wrong, and the
 * form shows it beside the field in the app's words.
 */
export function FormDialog({
  formLabel,
  submitLabel,
  busyLabel,
  mutation,
  hasFieldError = Object.keys(getFieldErrors(mutation.error)).length > 0,
  onSubmit,
  children,
  ...dialog
}: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      {...dialog}
      footer={
        <FormDialogFooter
          form={formId}
          label={submitLabel}
          busyLabel={busyLabel}
          busy={mutation.isPending}
          onCancel={dialog.onClose}
        />
      }
    >
      <form id={formId} onSubmit={onSubmit} aria-label={formLabel} className="space-y-4" noValidate>
        {mutation.error && !hasFieldError ? <Alert>{mutation.error.message}</Alert> : null}
        {children}
      </form>
    </Dialog>
  );
}
