import {
  cloudSourceProblem,
  RepositorySourceSchema,
  splitTags,
  usableRepositorySource,
  type CloudSourceProblem,
  type ExampleDetail,
  type ExampleList,
  type ExampleSummary,
  type RepositorySource,
} from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import { getExampleRepoSettingsQueryOptions } from "../api/get-example-repo-settings";
import { useExamples, type ExamplesParams } from "../api/get-examples";
import { useExportExample } from "../api/export-example";
import { useStartIngest } from "../api/start-ingest";
import { useIngestRun } from "../hooks/use-ingest-run";
import { NO_FILTERS, type ExampleFilters } from "./examples-filters";
import { sourceOfJob } from "./labels";

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

/** Until the list answers, nothing beyond browsing is offered. */
const NO_LIST_CAPABILITIES: ExampleList["can"] = { create: false, ingest: false, archive: false };

/**
 * Which source /examples shows: `?source=cloud|local` (the dashboard's #examples and
 * #examples-local), else the saved repository setting while it can be read, else Local (where
 * the sample examples are). `source` is undefined while the setting loads.
 */
export function useExamplesSource() {
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

  return { source, changeSource, cloudProblem };
}

export type ExamplesDialogState =
  | { kind: "view"; example: ExampleSummary }
  | { kind: "new" }
  | { kind: "edit"; example: ExampleSummary }
  | { kind: "delete"; example: ExampleSummary }
  | null;

interface ExamplesScreenInput {
  source: RepositorySource;
  onSourceChange: (source: RepositorySource) => void;
  /** Why Cloud cannot be read yet (null when it can, or while the settings are unknown). */
  cloudProblem: CloudSourceProblem | null;
}

/**
 * The Example Repository's state for one source: filters, search and page, the list, the
 * ingest run, exports, the open dialog and the last notice.
 */
export function useExamplesScreen({ source, onSourceChange, cloudProblem }: ExamplesScreenInput) {
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
  const [dialog, setDialog] = useState<ExamplesDialogState>(null);
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

  /** Opens a dialog that changes examples; the last notice goes. */
  const openDialog = (next: NonNullable<ExamplesDialogState>) => {
    setNotice(null);
    setDialog(next);
  };

  const onSaved = (example: ExampleDetail, created: boolean) => {
    setDialog(null);
    setNotice(
      created
        ? `“${example.title}” was created.${source === "cloud" ? " Examples made by hand are listed under the Local source." : ""}`
        : `Changes to “${example.title}” were saved.`,
    );
  };

  const onDeleted = (example: ExampleSummary) => {
    setDialog(null);
    setNotice(`“${example.title}” was deleted.`);
  };

  const resetFilters = () => {
    setFilters(NO_FILTERS);
    setSearch("");
  };

  const exportError = exportExample.error
    ? `Could not export the example: ${exportExample.error.message}`
    : null;

  return {
    cloudNeedsId,
    cloudBlocked,
    /** The filter panel's state and handlers, as ExamplesFilters takes them. */
    filterPanel: {
      applied: filters,
      onApply: setFilters,
      onReset: resetFilters,
      search,
      onSearchChange: setSearch,
    },
    /** The list, its count and its pager, as ExamplesResults takes them. */
    results: {
      countId,
      examples,
      total,
      page,
      totalPages,
      onPageChange: setPage,
      exportingId,
      onView: (example: ExampleSummary) => setDialog({ kind: "view", example }),
      onExport,
      onEdit: (example: ExampleSummary) => openDialog({ kind: "edit", example }),
      onDelete: (example: ExampleSummary) => openDialog({ kind: "delete", example }),
    },
    can,
    run,
    startIngest,
    ingesting,
    ingest,
    exportingId,
    exportError,
    onExport,
    dialog,
    setDialog,
    openDialog,
    notice,
    onSaved,
    onDeleted,
    changeSource,
  };
}
