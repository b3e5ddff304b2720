import {
  BUYING_STAGES,
  CONTENT_STATUS_LABELS,
  CONTENT_STATUSES,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  LIBRARY_SORT_LABELS,
  LIBRARY_SORTS,
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
import { OptionsField, optionsOf, SelectOptions } from "../../../components/ui/options-field";
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

/** A select that sets one URL parameter, with its "all" choice first. */
interface SelectFilter {
  param: "type" | "status" | "personaId" | "industryId" | "stage" | "quality" | "authorId";
  label: string;
  emptyLabel: string;
  options: { value: string; label: string }[];
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
  const selects: SelectFilter[] = [
    {
      param: "type",
      label: "Type",
      emptyLabel: "All Types",
      options: optionsOf(CONTENT_TYPES, CONTENT_TYPE_LABELS),
    },
    {
      param: "status",
      label: "Status",
      emptyLabel: "All Statuses",
      options: optionsOf(CONTENT_STATUSES, CONTENT_STATUS_LABELS),
    },
    {
      param: "personaId",
      label: "Persona",
      emptyLabel: "All Personas",
      options: personas.map((p) => ({ value: p.id, label: p.title })),
    },
    {
      param: "industryId",
      label: "Industry",
      emptyLabel: "All Industries",
      options: industries.map((i) => ({ value: i.id, label: i.name })),
    },
    {
      param: "stage",
      label: "Buying Stage",
      emptyLabel: "All Stages",
      options: optionsOf(BUYING_STAGES, capitalise),
    },
    {
      param: "quality",
      label: "Quality",
      emptyLabel: "Any Quality",
      options: optionsOf(QUALITY_BAND_IDS, QUALITY_BAND_LABELS),
    },
    {
      param: "authorId",
      label: "Author",
      emptyLabel: "All Authors",
      options: authors.map((a) => ({ value: a.id, label: a.name })),
    },
  ];
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
        {selects.map((filter) => (
          <OptionsField
            key={filter.param}
            label={filter.label}
            value={params[filter.param] ?? ""}
            onChange={(value) => onParamChange(filter.param, value)}
            emptyLabel={filter.emptyLabel}
            options={filter.options}
          />
        ))}
        <SelectField
          label="Sort by"
          value={params.sort}
          onChange={(e) =>
            onParamChange("sort", e.target.value === "updated" ? "" : e.target.value)
          }
        >
          <SelectOptions options={optionsOf(LIBRARY_SORTS, LIBRARY_SORT_LABELS)} />
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
