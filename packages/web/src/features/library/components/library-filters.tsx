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
  type Industry,
  type LibraryAuthor,
  type Persona,
} from "@content-studio/contract";
import { Search, X } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { SelectField, TextField } from "../../../components/ui/field";
import type { LibraryParams } from "../api/get-library";

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface LibraryFiltersProps {
  /** The search text as typed. */
  text: string;
  onTextChange: (text: string) => void;
  /** The filters and sort in effect. */
  params: LibraryParams;
  /** Sets one URL parameter; an empty value removes it. */
  onParamChange: (name: string, value: string) => void;
  /** Whether any filter or search is set (offers "Clear filters"). */
  filtered: boolean;
  onClear: () => void;
  personas: Persona[];
  industries: Industry[];
  authors: LibraryAuthor[];
}

/** The library's search box, its filters (type, status, persona, ...) and the sort. */
export function LibraryFilters({
  text,
  onTextChange,
  params,
  onParamChange,
  filtered,
  onClear,
  personas,
  industries,
  authors,
}: LibraryFiltersProps) {
  return (
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
            onChange={(e) => onTextChange(e.target.value)}
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
          onChange={(e) => onParamChange("type", e.target.value)}
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
          onChange={(e) => onParamChange("status", e.target.value)}
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
          onChange={(e) => onParamChange("personaId", e.target.value)}
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
          onChange={(e) => onParamChange("industryId", e.target.value)}
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
          onChange={(e) => onParamChange("stage", e.target.value)}
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
          onChange={(e) => onParamChange("quality", e.target.value)}
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
          onChange={(e) => onParamChange("authorId", e.target.value)}
        >
          <option value="">All Authors</option>
          {authors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Sort by"
          value={params.sort}
          onChange={(e) =>
            onParamChange("sort", e.target.value === "updated" ? "" : e.target.value)
          }
        >
          {LIBRARY_SORTS.map((s) => (
            <option key={s} value={s}>
              {LIBRARY_SORT_LABELS[s]}
            </option>
          ))}
        </SelectField>
        {filtered ? (
          <div className="flex items-end">
            <Button variant="ghost" onClick={onClear}>
              <X aria-hidden="true" className="size-4" />
              Clear filters
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
