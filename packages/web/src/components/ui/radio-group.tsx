import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

interface RadioGroupProps<T extends string> {
  legend: string;
  /** The radios' shared name (also what a form sends the choice as). */
  name: string;
  options: readonly { value: T; label: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  /** Short choices side by side; otherwise one per line. */
  inline?: boolean;
}

/** A fieldset of radio buttons: one choice out of a few, each with its own words. */
export function RadioGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  inline,
}: RadioGroupProps<T>) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className={inline ? "flex flex-wrap gap-4" : "space-y-2"}>
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex gap-2 text-sm text-slate-700",
              inline ? "items-center" : "items-start",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className={cn("accent-primary", !inline && "mt-1")}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
