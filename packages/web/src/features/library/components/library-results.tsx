import { describeLibraryCount, type LibraryPage } from "@content-studio/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageButton } from "../../../components/ui/page-button";
import { LoadingText, Spinner } from "../../../components/ui/spinner";
import { LibraryTable } from "./library-table";

export const LOAD_FAILED_MESSAGE = "Failed to load content library. Please try again.";

interface LibraryResultsProps {
  library: UseQueryResult<LibraryPage>;
  /** The Trash rather than the library. */
  trash: boolean;
  /** Whether any filter or search is set. */
  filtered: boolean;
  /** How many items the pages before this one hold. */
  itemsBefore: number;
  pageNumber: number;
  onPrevious: () => void;
  onNext: () => void;
}

/** The page of content (or why there is none), its count line and the pager. */
export function LibraryResults({
  library,
  trash,
  filtered,
  itemsBefore,
  pageNumber,
  onPrevious,
  onNext,
}: LibraryResultsProps) {
  const page = library.data;
  return (
    <section
      aria-label={trash ? "Deleted content" : "Content"}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {library.isError && !page ? (
        <div className="space-y-3 p-6">
          <Alert>{LOAD_FAILED_MESSAGE}</Alert>
          <Button variant="secondary" onClick={() => void library.refetch()}>
            Try again
          </Button>
        </div>
      ) : !page ? (
        <LoadingText role="status" className="p-6">
          Loading content...
        </LoadingText>
      ) : page.items.length === 0 ? (
        <p role="status" className="p-6 text-sm text-slate-500">
          {trash && !filtered
            ? "The Trash is empty."
            : "No content found matching your search criteria"}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-6 py-3 text-sm text-slate-600">
            <p role="status">
              {describeLibraryCount(page, itemsBefore + page.items.length)}
              {library.isFetching ? <Spinner className="ml-2 size-3.5 align-middle" /> : null}
            </p>
            {library.isError ? <span className="text-red-700">{LOAD_FAILED_MESSAGE}</span> : null}
          </div>
          <LibraryTable items={page.items} trash={trash} />
          <nav
            aria-label="Pages"
            className="flex items-center justify-between gap-2 border-t border-slate-200 px-6 py-3"
          >
            <PageButton to="previous" disabled={pageNumber === 1} onClick={onPrevious} />
            <span className="text-sm text-slate-500">Page {pageNumber}</span>
            <PageButton to="next" disabled={!page.nextCursor} onClick={onNext} />
          </nav>
        </>
      )}
    </section>
  );
}
