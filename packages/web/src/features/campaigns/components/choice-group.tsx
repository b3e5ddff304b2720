import type { ReactNode } from "react";

interface ChoiceGroupProps<T extends string> {
  legend: string;
  options: readonly { value: T; label: string }[];
  selected: readonly T[];
  /** The new selection, in the options' order. */
  onChange: (selected: T[]) => void;
  disabled?: boolean;
  error?: string;
  children?: ReactNode;
}

/** A fieldset of checkboxes laid out in a wrapping grid; the selection keeps the options' order. */
export function ChoiceGroup<T extends string>({
  legend,
  options,
  selected,
  onChange,
  disabled,
  error,
  children,
}: ChoiceGroupProps<T>) {
  const toggle = (value: T, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(value);
    else next.delete(value);
    onChange(options.map((o) => o.value).filter((v) => next.has(v)));
  };
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 has-checked:border-primary/40 has-checked:bg-primary-soft has-disabled:cursor-not-allowed"
          >
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300 accent-primary"
              checked={selected.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? <p className="text-sm text-red-600">{error}</p> : null}
      {children}
    </fieldset>
  );
}
