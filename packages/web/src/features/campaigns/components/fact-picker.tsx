import { useState } from "react";
import { SearchBox } from "../../../components/ui/search-box";

/** An approved, unexpired Proof Library fact as the picker lists it. */
export interface FactOption {
  id: string;
  statement: string;
  /** Figure, subject and source, in one line. */
  detail: string;
}

interface FactPickerProps {
  facts: FactOption[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  loading?: boolean;
  error?: string;
}

/**
 * The approved facts the copy may use: a searchable list of checkboxes. Chosen facts that are
 * no longer approved stay listed (marked) so they can be removed.
 */
export function FactPicker({
  facts,
  selected,
  onChange,
  disabled,
  loading,
  error,
}: FactPickerProps) {
  const [q, setQ] = useState("");
  const known = new Set(facts.map((f) => f.id));
  const stale: FactOption[] = selected
    .filter((id) => !known.has(id))
    .map((id) => ({ id, statement: id, detail: "No longer an approved, unexpired fact." }));
  const needle = q.trim().toLowerCase();
  const shown = [...stale, ...facts].filter(
    (f) =>
      !needle ||
      f.statement.toLowerCase().includes(needle) ||
      f.detail.toLowerCase().includes(needle),
  );
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((s) => s !== id));

  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">Approved facts</legend>
      <p className="text-xs text-slate-500">
        The figures and claims the copy may state, from the Proof Library. {selected.length} chosen.
      </p>
      <SearchBox label="Search facts" value={q} onChange={setQ} placeholder="Search facts" />
      {loading ? (
        <p className="text-sm text-slate-500">Loading facts...</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-500">
          {needle ? "No fact matches." : "The Proof Library has no approved facts yet."}
        </p>
      ) : (
        <ul
          aria-label="Facts to choose from"
          className="max-h-72 divide-y divide-slate-200 overflow-y-auto rounded-md border border-slate-200"
        >
          {shown.map((fact) => (
            <li key={fact.id}>
              <label className="flex cursor-pointer items-start gap-3 px-3 py-2 text-sm hover:bg-slate-50 has-checked:bg-primary-soft">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-primary"
                  checked={selected.includes(fact.id)}
                  onChange={(e) => toggle(fact.id, e.target.checked)}
                />
                <span className="min-w-0">
                  <span className="block break-words text-slate-900">{fact.statement}</span>
                  <span className="block break-words text-xs text-slate-500">{fact.detail}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? <p className="text-sm text-red-600">{error}</p> : null}
    </fieldset>
  );
}
