import { useId } from "react";
import { cn } from "../../../lib/cn";

interface ToggleFieldProps {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** A labelled on/off switch (a checkbox with the switch role). */
export function ToggleField({ label, description, checked, disabled, onChange }: ToggleFieldProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-6">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-slate-500">
          {description}
        </p>
      </div>
      <span className="relative inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-description`}
          onChange={(event) => onChange(event.target.checked)}
          className="peer absolute inset-0 z-10 cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden="true"
          className={cn(
            "flex h-6 w-11 items-center rounded-full p-0.5 transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-blue-500 peer-focus-visible:ring-offset-2 peer-disabled:opacity-50",
            checked ? "bg-blue-600" : "bg-slate-300",
          )}
        >
          <span
            className={cn(
              "size-5 rounded-full bg-white shadow transition-transform",
              checked && "translate-x-5",
            )}
          />
        </span>
      </span>
    </div>
  );
}
