import type { ReactNode } from "react";
import { SelectField } from "./field";

interface Option<V extends string> {
  value: V;
  label: string;
}

/** The options for a list of values, labelled from a table or a function. */
export function optionsOf<V extends string>(
  values: readonly V[],
  label: Readonly<Record<V, string>> | ((value: V) => string),
): Option<V>[] {
  return values.map((value) => ({
    value,
    label: typeof label === "function" ? label(value) : label[value],
  }));
}

/** The `<option>`s of a select, one per option, in order. */
export function SelectOptions({
  options,
}: {
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

interface OptionsFieldProps<V extends string> {
  label: string;
  /** The chosen value; "" is the empty first choice. */
  value: V | "";
  onChange: (value: V | "") => void;
  /** The first, empty choice: "All Types" in a filter, "Select a persona" in a form. */
  emptyLabel: string;
  options: readonly Option<V>[];
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A labelled select of `options` after an empty first choice (filters, required choices).
 * It hands back one of the options' values or "", typed, so callers need no casts.
 */
export function OptionsField<V extends string>({
  emptyLabel,
  options,
  onChange,
  ...props
}: OptionsFieldProps<V>) {
  return (
    <SelectField
      {...props}
      onChange={(event) =>
        onChange(options.find((option) => option.value === event.target.value)?.value ?? "")
      }
    >
      <option value="">{emptyLabel}</option>
      <SelectOptions options={options} />
    </SelectField>
  );
}
