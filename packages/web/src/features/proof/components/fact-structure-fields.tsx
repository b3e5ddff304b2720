import {
  FACT_DIRECTION_LABELS,
  FACT_DIRECTIONS,
  FACT_METRIC_SUGGESTIONS,
  type FactDirection,
  type FactStructure,
} from "@content-studio/contract";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { OptionsField, optionsOf } from "../../../components/ui/options-field";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import { useDerivedFactStructure } from "../api/derive-fact-structure";

interface StructureDraft {
  measure: string;
  metric: string;
  direction: FactDirection | "";
}

const EMPTY: StructureDraft = { measure: "", metric: "", direction: "" };

/** Waits this long after the last keystroke in the statement before asking the server. */
const DERIVE_DELAY_MS = 400;

/**
 * A fact's structure while its form is open. Until someone sets a field by hand it follows
 * what the server reads from the statement (and the request leaves it out: the server derives
 * it from the saved statement); once set, it is the author's and is sent as is.
 */
export function useFactStructureDraft(
  initial: FactStructure | null | undefined,
  statement: string,
  hasFigure: boolean,
) {
  const [own, setOwn] = useState<StructureDraft | null>(initial ? { ...initial } : null);
  const following = own === null;
  const settled = useDebouncedValue(statement.trim(), DERIVE_DELAY_MS);
  const derived = useDerivedFactStructure(settled, hasFigure && following);
  const fromStatement = hasFigure ? derived.data?.structure : null;
  const draft: StructureDraft = own ?? (fromStatement ? { ...fromStatement } : EMPTY);
  return {
    draft,
    following,
    deriving: following && hasFigure && derived.isFetching,
    change: (field: keyof StructureDraft, value: string) => setOwn({ ...draft, [field]: value }),
    follow: () => setOwn(null),
    /** The request's `structure`: null without a figure; left out while following or empty. */
    toInput(): FactStructure | null | undefined {
      if (!hasFigure) return null;
      if (own === null || (!own.measure.trim() && !own.metric && !own.direction)) return undefined;
      return own as FactStructure;
    },
  };
}

export type FactStructureDraft = ReturnType<typeof useFactStructureDraft>;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Measures, kind of figure and direction: what the figure says, for binding claims by meaning. */
export function FactStructureFields({
  structure,
  errors,
}: {
  structure: FactStructureDraft;
  errors: Record<string, string>;
}) {
  const { draft } = structure;
  const metrics: string[] = [...FACT_METRIC_SUGGESTIONS];
  if (draft.metric && !metrics.includes(draft.metric)) metrics.push(draft.metric);
  const choices = [
    { key: "metric", label: "Kind of figure", options: optionsOf(metrics, capitalise) },
    {
      key: "direction",
      label: "Direction",
      options: optionsOf(FACT_DIRECTIONS, FACT_DIRECTION_LABELS),
    },
  ] as const;
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">What the figure says</legend>
      <TextField
        label="Measures"
        hint="What the figure counts or measures, e.g. engineering change orders."
        value={draft.measure}
        onChange={(e) => structure.change("measure", e.target.value)}
        error={errors["structure.measure"]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {choices.map(({ key, label, options }) => (
          <OptionsField<string>
            key={key}
            label={label}
            value={draft[key]}
            onChange={(value) => structure.change(key, value)}
            error={errors[`structure.${key}`]}
            emptyLabel="Choose…"
            options={options}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        {structure.following ? (
          <p role="status">
            {structure.deriving
              ? "Reading the statement…"
              : "Filled in from the statement; change any field to set it yourself."}
          </p>
        ) : (
          <Button variant="ghost" size="sm" onClick={structure.follow}>
            Read from statement
          </Button>
        )}
      </div>
      {errors.structure ? <p className="text-sm text-red-600">{errors.structure}</p> : null}
    </fieldset>
  );
}
