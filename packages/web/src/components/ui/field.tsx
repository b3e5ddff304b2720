import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "../../lib/cn";

const controlClasses =
  "block w-full rounded-md border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/30 disabled:bg-slate-50 disabled:text-slate-500";

/** The name above a form control, tied to it by the control's id. */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
      {children}
    </label>
  );
}

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  return (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/**
 * What every framed control carries: its id, its invalid state and description (the error,
 * else the hint), and the shared classes with its own `size` ones and the caller's last.
 */
function controlAttributes(
  id: string,
  hint: ReactNode,
  error: string | undefined,
  size: string,
  className: string | undefined,
) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
    className: cn(controlClasses, size, error ? "border-red-400" : "border-slate-300", className),
  } as const;
}

/** What every labelled field takes besides its control's own attributes. */
interface FramedFieldProps {
  label: string;
  hint?: ReactNode;
  /** Message shown under the field; marks the control invalid. */
  error?: string;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & FramedFieldProps;

/** A labelled input with an optional hint and an error line beneath it. */
export function TextField({ label, hint, error, className, ...props }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input {...controlAttributes(id, hint, error, "h-10", className)} {...props} />
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & FramedFieldProps;

/** A labelled native select. */
export function SelectField({ label, hint, error, className, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select {...controlAttributes(id, hint, error, "h-10 pr-8", className)} {...props} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> &
  FramedFieldProps;

/** A labelled multi-line text box. */
export function TextAreaField({ label, hint, error, className, ...props }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea {...controlAttributes(id, hint, error, "py-2", className)} {...props} />
    </FieldFrame>
  );
}
