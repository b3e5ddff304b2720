import type { ReactNode } from "react";

interface SaveFormProps {
  /** The form's accessible name. */
  label: string;
  className?: string;
  /** Runs on submit (the button, or Enter in a field) instead of the browser sending the form. */
  onSave: () => unknown;
  children: ReactNode;
}

/** A form whose submit runs `onSave`: every settings card that saves what its fields hold. */
export function SaveForm({ label, className, onSave, children }: SaveFormProps) {
  return (
    <form
      aria-label={label}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      {children}
    </form>
  );
}
