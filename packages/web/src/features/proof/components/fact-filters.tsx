import { FACT_STATUS_LABELS, FACT_STATUSES, type FactStatus } from "@content-studio/contract";
import { OptionsField, optionsOf } from "../../../components/ui/options-field";
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
      <OptionsField
        label="Status"
        hideLabel
        value={status}
        onChange={onStatusChange}
        emptyLabel="All statuses"
        options={optionsOf(FACT_STATUSES, FACT_STATUS_LABELS)}
      />
    </div>
  );
}
