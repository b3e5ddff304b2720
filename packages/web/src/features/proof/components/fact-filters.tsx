import { FACT_STATUS_LABELS, FACT_STATUSES, type FactStatus } from "@content-studio/contract";
import { Search } from "lucide-react";

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
      <label className="relative block min-w-0 flex-1 basis-60">
        <span className="sr-only">Search facts</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          value={q}
          onChange={(e) => onQChange(e.target.value)}
          placeholder="Search statement, source or owner"
          className="h-10 w-full rounded-md border border-slate-300 bg-white pl-9 pr-3 text-sm text-slate-900 shadow-sm outline-none placeholder:text-slate-400 focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/30"
        />
      </label>
      <label className="block">
        <span className="sr-only">Status</span>
        <select
          value={status}
          onChange={(e) => onStatusChange(e.target.value as FactStatus | "")}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/30"
        >
          <option value="">All statuses</option>
          {FACT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {FACT_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
