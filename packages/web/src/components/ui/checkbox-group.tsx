import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

interface CheckboxOption<T extends string> {
  /** What is sent and kept in the selection. */
  value: T;
  label: string;
  description?: string;
}

interface CheckboxGroupProps<T extends string> {
  legend: string;
  options: readonly CheckboxOption<T>[];
  selected: readonly T[];
  /** The new selection, in the options' order. */
  onChange: (selected: T[]) => void;
  /** Shown instead of the options when there are none (they load, or none exist). */
  emptyText?: string;
  /** Three columns on wide screens for short labels; two otherwise. */
  columns?: 2 | 3;
  disabled?: boolean;
  error?: string;
  /** Shown under the options (a note on the choice). */
  children?: ReactNode;
}

/** A fieldset of checkboxes as tiles in a wrapping grid; the selection keeps the options' order. */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  selected,
  onChange,
  emptyText = "None available.",
  columns = 2,
  disabled,
  error,
  children,
}: CheckboxGroupProps<T>) {
  const toggle = (value: T, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(value);
    else next.delete(value);
    onChange(options.map((o) => o.value).filter((v) => next.has(v)));
  };
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-500">{emptyText}</p>
      ) : (
        <div
          className={cn("grid grid-cols-1 gap-2 sm:grid-cols-2", columns === 3 && "lg:grid-cols-3")}
        >
          {options.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50 has-checked:border-primary/40 has-checked:bg-primary-soft has-disabled:cursor-not-allowed"
            >
              <input
                type="checkbox"
                className="mt-0.5 size-4 rounded border-slate-300 accent-primary"
                checked={selected.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              <span>
                <span className="text-slate-800">{option.label}</span>
                {option.description ? (
                  <span className="mt-0.5 block text-xs text-slate-500">{option.description}</span>
                ) : null}
              </span>
            </label>
          ))}
        </div>
      )}
      {error ? <p className="text-sm text-red-600">{error}</p> : null}
      {children}
    </fieldset>
  );
}
