import type { ExampleList, ExampleSummary } from "@content-studio/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageButton } from "../../../components/ui/page-button";
import { LoadingText, Spinner } from "../../../components/ui/spinner";
import { ExamplesTable } from "./examples-table";
import { examplesErrorMessage } from "./labels";

interface ExamplesResultsProps {
  /** The id of the count heading that labels the section. */
  countId: string;
  examples: UseQueryResult<ExampleList>;
  total: number;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** The example being exported, if any. */
  exportingId: string | null;
  onView: (example: ExampleSummary) => void;
  onExport: (example: ExampleSummary) => void;
  onEdit: (example: ExampleSummary) => void;
  onDelete: (example: ExampleSummary) => void;
}

/** The count of examples found, the page of examples (or why there is none) and the pager. */
export function ExamplesResults({
  countId,
  examples,
  total,
  page,
  totalPages,
  onPageChange,
  exportingId,
  onView,
  onExport,
  onEdit,
  onDelete,
}: ExamplesResultsProps) {
  const ref = useRef<HTMLElement>(null);
  const goToPage = (next: number) => {
    onPageChange(next);
    // The pager sits below the table: bring the top of the new page into view.
    ref.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
  };
  return (
    <section
      ref={ref}
      aria-labelledby={countId}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-3">
        <h2 id={countId} aria-live="polite" className="text-sm font-medium text-slate-700">
          {examples.data
            ? `${total.toLocaleString("en-US")} ${total === 1 ? "example" : "examples"} found`
            : examples.isError
              ? "Examples"
              : "Loading examples..."}
        </h2>
        {examples.isFetching && examples.data ? (
          <span className="flex items-center gap-2 text-xs text-slate-500">
            <Spinner className="size-3.5" /> Updating...
          </span>
        ) : null}
      </div>

      {examples.isPending ? (
        <LoadingText role="status" className="px-6 py-10">
          Loading examples...
        </LoadingText>
      ) : examples.isError ? (
        <div className="p-6">
          <Alert>{examplesErrorMessage(examples.error)}</Alert>
        </div>
      ) : examples.data.items.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-16 text-center">
          <Inbox className="size-10 text-slate-300" aria-hidden="true" />
          <p className="mt-3 font-medium text-slate-900">No examples found</p>
          <p className="mt-1 text-sm text-slate-500">
            Try adjusting your filters or ingest examples to get started
          </p>
        </div>
      ) : (
        <ExamplesTable
          items={examples.data.items}
          exportingId={exportingId}
          onView={onView}
          onExport={onExport}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}

      {examples.data && total > 0 ? (
        <nav
          aria-label="Pagination"
          className="flex items-center justify-between gap-4 border-t border-slate-200 px-6 py-3"
        >
          <p className="text-sm text-slate-600">
            Page {page} of {totalPages}
          </p>
          <div className="flex gap-2">
            <PageButton to="previous" disabled={page <= 1} onClick={() => goToPage(page - 1)} />
            <PageButton
              to="next"
              disabled={page >= totalPages}
              onClick={() => goToPage(page + 1)}
            />
          </div>
        </nav>
      ) : null}
    </section>
  );
}
