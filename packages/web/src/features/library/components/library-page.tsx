import {
  BUYING_STAGES,
  CONTENT_STATUSES,
  CONTENT_STATUS_LABELS,
  CONTENT_TYPES,
  CONTENT_TYPE_LABELS,
  LIBRARY_SORTS,
  LIBRARY_SORT_LABELS,
  QUALITY_BAND_IDS,
  QUALITY_BAND_LABELS,
  describeLibraryCount,
  type ContentStatus,
  type ContentType,
  type Industry,
  type LibrarySort,
  type Persona,
  type QualityBandId,
} from "@content-studio/contract";
import { ChevronLeft, ChevronRight, Plus, Search, Trash2, X } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { SelectField, TextField } from "../../../components/ui/field";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import { useLibrary, type LibraryParams } from "../api/get-library";
import { useLibraryAuthors } from "../api/get-library-authors";
import { LibraryTable } from "./library-table";

export const LOAD_FAILED_MESSAGE = "Failed to load content library. Please try again.";
const PAGE_SIZE = 20;

interface LibraryPageProps {
  personas: Persona[];
  industries: Industry[];
  canCreate: boolean;
}

const FILTER_KEYS = [
  "type",
  "status",
  "personaId",
  "industryId",
  "stage",
  "quality",
  "authorId",
] as const;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** /library: every stored item, searched, filtered, sorted and paged on the server. */
export function LibraryPage({ personas, industries, canCreate }: LibraryPageProps) {
  const [search, setSearch] = useSearchParams();
  const [text, setText] = useState(search.get("q") ?? "");
  const q = useDebouncedValue(text.trim(), 300);
  // Keyset pages: the cursors of the pages before the current one.
  const [cursors, setCursors] = useState<string[]>([]);
  const trash = search.get("view") === "trash";

  const read = <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
    const v = search.get(key);
    return v && (allowed as readonly string[]).includes(v) ? (v as T) : undefined;
  };
  const params: LibraryParams = {
    q: q || undefined,
    type: read<ContentType>("type", CONTENT_TYPES),
    status: read<ContentStatus>("status", CONTENT_STATUSES),
    personaId: search.get("personaId") || undefined,
    industryId: search.get("industryId") || undefined,
    stage: read("stage", BUYING_STAGES),
    quality: read<QualityBandId>("quality", QUALITY_BAND_IDS),
    authorId: search.get("authorId") || undefined,
    sort: read<LibrarySort>("sort", LIBRARY_SORTS) ?? "updated",
    view: trash ? "trash" : "active",
    cursor: cursors.at(-1),
    limit: PAGE_SIZE,
  };
  const [lastKey, setLastKey] = useState("");
  const key = JSON.stringify({ ...params, cursor: undefined });
  if (key !== lastKey) {
    // Any change of search, filter or sort starts again at the first page.
    setLastKey(key);
    if (cursors.length > 0) setCursors([]);
  }

  const library = useLibrary(params);
  const authors = useLibraryAuthors();

  const setParam = (name: string, value: string) => {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  };
  const filtered = FILTER_KEYS.some((k) => search.get(k)) || text.trim() !== "";
  const clear = () => {
    setText("");
    setSearch((prev) => {
      const next = new URLSearchParams();
      const view = prev.get("view");
      if (view) next.set("view", view);
      return next;
    });
  };

  const page = library.data;
  return (
    <div>
      <PageHeader
        title={trash ? "Trash" : "Content Library"}
        description={
          trash
            ? "Deleted content stays here for 30 days, then it is removed for good."
            : "Every piece of content you have generated, with its status and quality."
        }
        actions={
          <>
            <Link
              to={trash ? "/library" : "/library?view=trash"}
              className={buttonClasses("secondary")}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {trash ? "Back to library" : "Trash"}
            </Link>
            {canCreate ? (
              <Link to="/generate" className={buttonClasses()}>
                <Plus aria-hidden="true" className="size-4" />
                New Content
              </Link>
            ) : null}
          </>
        }
      />

      <Card className="mb-6">
        <form
          role="search"
          aria-label="Search and filter content"
          onSubmit={(e) => e.preventDefault()}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          <div className="relative sm:col-span-2">
            <TextField
              label="Search"
              type="search"
              placeholder="Search titles and text..."
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="pl-9"
            />
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute bottom-3 left-3 size-4 text-slate-400"
            />
          </div>
          <SelectField
            label="Type"
            value={params.type ?? ""}
            onChange={(e) => setParam("type", e.target.value)}
          >
            <option value="">All Types</option>
            {CONTENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {CONTENT_TYPE_LABELS[t]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Status"
            value={params.status ?? ""}
            onChange={(e) => setParam("status", e.target.value)}
          >
            <option value="">All Statuses</option>
            {CONTENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CONTENT_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Persona"
            value={params.personaId ?? ""}
            onChange={(e) => setParam("personaId", e.target.value)}
          >
            <option value="">All Personas</option>
            {personas.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Industry"
            value={params.industryId ?? ""}
            onChange={(e) => setParam("industryId", e.target.value)}
          >
            <option value="">All Industries</option>
            {industries.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Buying Stage"
            value={params.stage ?? ""}
            onChange={(e) => setParam("stage", e.target.value)}
          >
            <option value="">All Stages</option>
            {BUYING_STAGES.map((s) => (
              <option key={s} value={s}>
                {capitalise(s)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Quality"
            value={params.quality ?? ""}
            onChange={(e) => setParam("quality", e.target.value)}
          >
            <option value="">Any Quality</option>
            {QUALITY_BAND_IDS.map((b) => (
              <option key={b} value={b}>
                {QUALITY_BAND_LABELS[b]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Author"
            value={params.authorId ?? ""}
            onChange={(e) => setParam("authorId", e.target.value)}
          >
            <option value="">All Authors</option>
            {(authors.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Sort by"
            value={params.sort}
            onChange={(e) => setParam("sort", e.target.value === "updated" ? "" : e.target.value)}
          >
            {LIBRARY_SORTS.map((s) => (
              <option key={s} value={s}>
                {LIBRARY_SORT_LABELS[s]}
              </option>
            ))}
          </SelectField>
          {filtered ? (
            <div className="flex items-end">
              <Button variant="ghost" onClick={clear}>
                <X aria-hidden="true" className="size-4" />
                Clear filters
              </Button>
            </div>
          ) : null}
        </form>
      </Card>

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
          <p role="status" className="flex items-center gap-2 p-6 text-sm text-slate-500">
            <Spinner className="size-4" />
            Loading content...
          </p>
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
                {describeLibraryCount(page, cursors.length * PAGE_SIZE + page.items.length)}
                {library.isFetching ? <Spinner className="ml-2 size-3.5 align-middle" /> : null}
              </p>
              {library.isError ? <span className="text-red-700">{LOAD_FAILED_MESSAGE}</span> : null}
            </div>
            <LibraryTable items={page.items} trash={trash} />
            <nav
              aria-label="Pages"
              className="flex items-center justify-between gap-2 border-t border-slate-200 px-6 py-3"
            >
              <Button
                variant="secondary"
                size="sm"
                disabled={cursors.length === 0}
                onClick={() => setCursors((c) => c.slice(0, -1))}
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
                Previous
              </Button>
              <span className="text-sm text-slate-500">Page {cursors.length + 1}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={!page.nextCursor}
                onClick={() => page.nextCursor && setCursors((c) => [...c, page.nextCursor!])}
              >
                Next
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </nav>
          </>
        )}
      </section>
    </div>
  );
}
