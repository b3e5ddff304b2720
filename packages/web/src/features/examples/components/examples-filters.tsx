import {
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  EXAMPLE_CATEGORIES,
  type ContentType,
  type ExampleCategory,
} from "@content-studio/contract";
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { OptionsField, optionsOf } from "../../../components/ui/options-field";
import { SearchBox } from "../../../components/ui/search-box";
import type { ReferenceOptions } from "./reference-options";

const CATEGORY_OPTIONS = optionsOf(EXAMPLE_CATEGORIES, {
  good: "Good Examples",
  bad: "Bad Examples",
});

/** The filter panel's values as typed; empty strings mean "any". */
export interface ExampleFilters {
  category: ExampleCategory | "";
  contentType: ContentType | "";
  personaId: string;
  industryId: string;
  /** Comma-separated, as typed. */
  tags: string;
}

export const NO_FILTERS: ExampleFilters = {
  category: "",
  contentType: "",
  personaId: "",
  industryId: "",
  tags: "",
};

interface ExamplesFiltersProps extends ReferenceOptions {
  /** The filters in effect. */
  applied: ExampleFilters;
  onApply: (filters: ExampleFilters) => void;
  /** Clears every filter and the search. */
  onReset: () => void;
  /** Free-text search; applied as you type (debounced by the page). */
  search: string;
  onSearchChange: (search: string) => void;
}

/** The filter panel (Category, Content Type, Tags; Reset, Apply Filters) plus search. */
export function ExamplesFilters({
  applied,
  onApply,
  onReset,
  search,
  onSearchChange,
  personas,
  industries,
}: ExamplesFiltersProps) {
  const [draft, setDraft] = useState(applied);
  const set = <K extends keyof ExampleFilters>(key: K, value: ExampleFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <form
      role="search"
      aria-label="Filter examples"
      onSubmit={onSubmit}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <SearchBox
        label="Search examples"
        value={search}
        onChange={onSearchChange}
        placeholder="Search titles, headlines and body text"
        maxLength={200}
        className="mb-4"
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <OptionsField
          label="Category"
          value={draft.category}
          onChange={(category) => set("category", category)}
          emptyLabel="All"
          options={CATEGORY_OPTIONS}
        />
        <OptionsField
          label="Content Type"
          value={draft.contentType}
          onChange={(contentType) => set("contentType", contentType)}
          emptyLabel="All Types"
          options={optionsOf(CONTENT_TYPES, CONTENT_TYPE_LABELS)}
        />
        <OptionsField
          label="Persona"
          value={draft.personaId}
          onChange={(value) => set("personaId", value)}
          emptyLabel="All Personas"
          options={personas.map((p) => ({ value: p.id, label: p.title }))}
        />
        <OptionsField
          label="Industry"
          value={draft.industryId}
          onChange={(value) => set("industryId", value)}
          emptyLabel="All Industries"
          options={industries.map((i) => ({ value: i.id, label: i.name }))}
        />
        <TextField
          label="Tags"
          value={draft.tags}
          onChange={(e) => set("tags", e.target.value)}
          placeholder="e.g. should-cost, dfm"
          hint="Separate tags with commas."
          maxLength={500}
        />
      </div>
      <div className="mt-4 flex justify-end gap-3">
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(NO_FILTERS);
            onReset();
          }}
        >
          Reset
        </Button>
        <Button type="submit">Apply Filters</Button>
      </div>
    </form>
  );
}
