import { FACT_STATUS_LABELS, FACT_STATUSES, type FactStatus } from "@content-studio/contract";
import { optionsOf, SelectOptions } from "../../../components/ui/options-field";
import { SearchBox } from "../../../components/ui/search-box";

interface FactFiltersProps {
  q: string;
  onQChange: (q: string) => void;
  status: FactStatus | "";
  onStatusChange: (status: FactStatus | "") => void;
}

/** The Proof Library's search box and status filter. */
export function FactFilters({ q, onQChange, status, onStatusChange }: FactFiltersProps) {
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <SearchBox
        label="Search facts"
        value={q}
        onChange={onQChange}
        placeholder="Search statement, source or owner"
        className="min-w-0 flex-1 basis-60"
      />
      <label className="block">
        <span className="sr-only">Status</span>
        <select
          value={status}
          onChange={(e) => onStatusChange(e.target.value as FactStatus | "")}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/30"
        >
          <option value="">All statuses</option>
          <SelectOptions options={optionsOf(FACT_STATUSES, FACT_STATUS_LABELS)} />
        </select>
      </label>
    </div>
  );
}
