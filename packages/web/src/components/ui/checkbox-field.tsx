import type { ReactNode } from "react";

interface CheckboxFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What a form sends it as, where the form is read from its data. */
  name?: string;
  value?: string;
  /** The words beside the box. */
  children: ReactNode;
}

/** One checkbox with its words beside it, in plain lines (CheckboxGroup draws tiles instead). */
export function CheckboxField({ checked, onChange, name, value, children }: CheckboxFieldProps) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 accent-primary"
      />
      {children}
    </label>
  );
}

/** `list` with `item` in it (added at the end) or out of it, as a checkbox for it says. */
export function withItem<T>(list: readonly T[], item: T, included: boolean): T[] {
  return included ? [...list, item] : list.filter((x) => x !== item);
}
