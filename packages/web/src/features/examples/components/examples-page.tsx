import {
  CLOUD_SOURCE_NEEDS,
  cloudSourceProblem,
  RepositorySourceSchema,
  splitTags,
  type ExampleDetail,
  type ExampleSummary,
  type RepositorySource,
  type ExampleList,
  type CloudSourceProblem,
  usableRepositorySource,
} from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, DatabaseZap, Inbox, Plus } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import { getExampleRepoSettingsQueryOptions } from "../api/get-example-repo-settings";
import { useExamples, type ExamplesParams } from "../api/get-examples";
import { useExportExample } from "../api/export-example";
import { useStartIngest } from "../api/start-ingest";
import { useIngestRun } from "../hooks/use-ingest-run";
import { DeleteExampleDialog } from "./delete-example-dialog";
import { ExampleFormDialog } from "./example-form-dialog";
import { ExampleViewDialog } from "./example-view-dialog";
import { ExamplesFilters, NO_FILTERS, type ExampleFilters } from "./examples-filters";
import { ExamplesTable } from "./examples-table";
import { IngestStatus } from "./ingest-status";
import { examplesErrorMessage, failedJobMessage, ingestErrorMessage, sourceOfJob } from "./labels";
import type { ExampleReferenceOptions } from "./reference-options";
import { SourceSwitch } from "./source-switch";

const EXAMPLES_PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

/** The list request for what is on screen; empty filter values are left out. */
function toExamplesParams(
  source: RepositorySource,
  filters: ExampleFilters,
  q: string,
  page: number,
): ExamplesParams {
  const tags = splitTags(filters.tags).join(",");
  return {
    source,
    category: filters.category || undefined,
    contentType: filters.contentType || undefined,
    personaId: filters.personaId || undefined,
    industryId: filters.industryId || undefined,
    tags: tags || undefined,
    q: q.trim() || undefined,
    page,
    pageSize: EXAMPLES_PAGE_SIZE,
  };
}

type ExamplesPageProps = ExampleReferenceOptions;

/** Until the list answers, nothing beyond browsing is offered. */
const NO_LIST_CAPABILITIES: ExampleList["can"] = { create: false, ingest: false, archive: false };

/**
 * /examples: the source comes from `?source=cloud|local` (the dashboard's #examples and
 * #examples-local), else from the saved repository setting while it can be read, else Local
 * (where the sample examples are).
 */
export function ExamplesPage(props: ExamplesPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlSource = RepositorySourceSchema.safeParse(searchParams.get("source")).data;
  const settings = useQuery(getExampleRepoSettingsQueryOptions());
  const saved = settings.data;
  const cloudProblem = saved
    ? cloudSourceProblem(saved.cloudRepoUrl, saved.s3CredentialsConfigured)
    : null;
  const savedSource = saved ? usableRepositorySource(saved) : "local";
  const source = urlSource ?? (settings.isLoading ? undefined : savedSource);

  const changeSource = (next: RepositorySource) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set("source", next);
        return params;
      },
      { replace: true },
    );

  if (!source) {
    return (
      <>
        <PageHeader title="Example Repository" />
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="size-4" /> Loading examples...
        </p>
      </>
    );
  }
  return (
    <ExamplesScreen
      {...props}
      source={source}
      onSourceChange={changeSource}
      cloudProblem={cloudProblem}
    />
  );
}

type DialogState =
  | { kind: "view"; example: ExampleSummary }
  | { kind: "new" }
  | { kind: "edit"; example: ExampleSummary }
  | { kind: "delete"; example: ExampleSummary }
  | null;

function ExamplesScreen({
  personas,
  industries,
  buyingStages,
  source,
  onSourceChange,
  cloudProblem,
}: ExamplesPageProps & {
  /** Why Cloud cannot be read yet (null when it can, or while the settings are unknown). */
  cloudProblem: CloudSourceProblem | null;
  source: RepositorySource;
  onSourceChange: (source: RepositorySource) => void;
}) {
  const countId = useId();
  const cloudNeedsId = useId();
  // Ingesting a Cloud that cannot be read would only fail: the notice says what it needs.
  const cloudBlocked = source === "cloud" && cloudProblem !== null;

  const [filters, setFilters] = useState<ExampleFilters>(NO_FILTERS);
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Any change of source, filters or search starts again at page 1.
  const listKey = JSON.stringify([source, filters, q]);
  const [paging, setPaging] = useState({ key: listKey, page: 1 });
  const page = paging.key === listKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: listKey, page: next });
  const resultsRef = useRef<HTMLElement>(null);
  const goToPage = (next: number) => {
    setPage(next);
    // The pager sits below the table: bring the top of the new page into view.
    resultsRef.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
  };

  const examples = useExamples(toExamplesParams(source, filters, q, page));
  // What the caller may do comes with the list (the server's examples policy).
  const can = examples.data?.can ?? NO_LIST_CAPABILITIES;
  const total = examples.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / EXAMPLES_PAGE_SIZE));
  if (examples.data && !examples.isPlaceholderData && page > totalPages) setPage(totalPages);

  const run = useIngestRun(`examples:${source}`, (job) => sourceOfJob(job) === source);
  const startIngest = useStartIngest();
  const exportExample = useExportExample();
  const exportingId = exportExample.isPending ? exportExample.variables : null;
  const [dialog, setDialog] = useState<DialogState>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ingesting = startIngest.isPending || run.isRunning;

  const changeSource = (next: RepositorySource) => {
    if (next === source) return;
    // A new source reloads the list and clears the last ingest result.
    startIngest.reset();
    exportExample.reset();
    setNotice(null);
    onSourceChange(next);
  };

  const ingest = () => {
    setNotice(null);
    run.dismiss();
    startIngest.mutate({ source }, { onSuccess: run.begin });
  };

  const onExport = (example: ExampleSummary) => {
    // The button stays enabled (and focused) while a download runs; one at a time.
    if (exportExample.isPending) return;
    setNotice(null);
    exportExample.mutate(example.id);
  };

  const onSaved = (example: ExampleDetail, created: boolean) => {
    setDialog(null);
    setNotice(
      created
        ? `“${example.title}” was created.${source === "cloud" ? " Examples made by hand are listed under the Local source." : ""}`
        : `Changes to “${example.title}” were saved.`,
    );
  };

  const exportError = exportExample.error
    ? `Could not export the example: ${exportExample.error.message}`
    : null;

  return (
    <>
      <PageHeader
        title="Example Repository"
        description="Good and bad benchmark examples that guide generation and quality checks."
        actions={
          <>
            <SourceSwitch name="examples-source" value={source} onChange={changeSource} />
            {can.create ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setNotice(null);
                  setDialog({ kind: "new" });
                }}
              >
                <Plus className="size-4" aria-hidden="true" />
                New Example
              </Button>
            ) : null}
            {can.ingest ? (
              <Button
                onClick={ingest}
                disabled={ingesting || cloudBlocked}
                aria-describedby={cloudBlocked ? cloudNeedsId : undefined}
              >
                {ingesting ? (
                  <Spinner className="size-4" />
                ) : (
                  <DatabaseZap className="size-4" aria-hidden="true" />
                )}
                {ingesting ? "Ingesting..." : "Ingest Examples"}
              </Button>
            ) : null}
          </>
        }
      />

      <div className="space-y-6">
        {cloudBlocked ? (
          <Alert tone="info" id={cloudNeedsId}>
            {CLOUD_SOURCE_NEEDS[cloudProblem].full}
          </Alert>
        ) : null}
        <IngestStatus
          run={run}
          startError={startIngest.error ? ingestErrorMessage(startIngest.error) : null}
          failedMessage={failedJobMessage}
          canArchive={can.archive}
        />
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {exportError && dialog?.kind !== "view" ? <Alert>{exportError}</Alert> : null}

        <ExamplesFilters
          applied={filters}
          onApply={setFilters}
          onReset={() => {
            setFilters(NO_FILTERS);
            setSearch("");
          }}
          search={search}
          onSearchChange={setSearch}
          personas={personas}
          industries={industries}
        />

        <section
          ref={resultsRef}
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
            <p role="status" className="flex items-center gap-2 px-6 py-10 text-sm text-slate-500">
              <Spinner className="size-4" /> Loading examples...
            </p>
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
              onView={(example) => setDialog({ kind: "view", example })}
              onExport={onExport}
              onEdit={(example) => {
                setNotice(null);
                setDialog({ kind: "edit", example });
              }}
              onDelete={(example) => {
                setNotice(null);
                setDialog({ kind: "delete", example });
              }}
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
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={page <= 1}
                  onClick={() => goToPage(page - 1)}
                >
                  <ChevronLeft className="size-4" aria-hidden="true" />
                  Previous
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={page >= totalPages}
                  onClick={() => goToPage(page + 1)}
                >
                  Next
                  <ChevronRight className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </nav>
          ) : null}
        </section>
      </div>

      {dialog?.kind === "view" ? (
        <ExampleViewDialog
          id={dialog.example.id}
          title={dialog.example.title}
          onClose={() => setDialog(null)}
          onExport={() => onExport(dialog.example)}
          exporting={exportingId === dialog.example.id}
          exportError={exportError}
        />
      ) : null}
      {dialog?.kind === "new" || dialog?.kind === "edit" ? (
        <ExampleFormDialog
          editId={dialog.kind === "edit" ? dialog.example.id : undefined}
          personas={personas}
          industries={industries}
          buyingStages={buyingStages}
          onClose={() => setDialog(null)}
          onSaved={onSaved}
        />
      ) : null}
      {dialog?.kind === "delete" ? (
        <DeleteExampleDialog
          example={dialog.example}
          onClose={() => setDialog(null)}
          onDeleted={(example) => {
            setDialog(null);
            setNotice(`“${example.title}” was deleted.`);
          }}
        />
      ) : null}
    </>
  );
}
