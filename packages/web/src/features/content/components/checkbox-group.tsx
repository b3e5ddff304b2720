interface CheckboxOption {
  /** What is sent and kept in the selection. */
  value: string;
  label: string;
  description?: string;
}

interface CheckboxGroupProps {
  legend: string;
  options: CheckboxOption[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** Shown instead of the options while they load or when there are none. */
  emptyText?: string;
}

/** A fieldset of checkboxes; the selection keeps the options' order. */
export function CheckboxGroup({
  legend,
  options,
  selected,
  onChange,
  emptyText,
}: CheckboxGroupProps) {
  const toggle = (value: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(value);
    else next.delete(value);
    onChange(options.map((o) => o.value).filter((v) => next.has(v)));
  };
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {options.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{emptyText ?? "None available."}</p>
      ) : (
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
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
    </fieldset>
  );
}
