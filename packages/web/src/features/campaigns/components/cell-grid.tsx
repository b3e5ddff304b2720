import {
  BUYING_STAGES,
  cellKeyOf,
  MAX_BRIEF_CELLS,
  type BuyingStage,
} from "@content-studio/contract";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { focusRing } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { tabAfterArrowKey } from "../../../lib/tabs";

export interface GridOption {
  id: string;
  name: string;
}

interface CellGridProps {
  personas: GridOption[];
  industries: GridOption[];
  /** Chosen cells by key (`persona|industry|stage`). */
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  disabled?: boolean;
  error?: string;
}

const stageLabel = (stage: BuyingStage) => stage[0]!.toUpperCase() + stage.slice(1);
const keyOf = (personaId: string, industryId: string, buyingStage: BuyingStage) =>
  cellKeyOf({ personaId, industryId, buyingStage });

/** A checkbox that shows "some" as the mixed state. */
function GroupCheckbox({
  label,
  state,
  disabled,
  onToggle,
}: {
  label: string;
  state: "all" | "some" | "none";
  disabled?: boolean;
  onToggle: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === "some";
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={state === "all"}
      disabled={disabled}
      onChange={onToggle}
      className="size-4 shrink-0 accent-primary"
    />
  );
}

/**
 * The persona x industry x stage grid, one industry at a time (tabs with how many cells each
 * has): personas down, stages across, a checkbox per cell, and a checkbox for each whole
 * persona row, each stage column and the whole industry. Works at 390 px and by keyboard
 * (Tab between checkboxes, arrow keys between industries).
 */
export function CellGrid({
  personas,
  industries,
  selected,
  onChange,
  disabled,
  error,
}: CellGridProps) {
  const [industryId, setIndustryId] = useState(industries[0]?.id ?? "");
  const current = industries.find((i) => i.id === industryId) ?? industries[0];

  if (!current || personas.length === 0) {
    return <p className="text-sm text-slate-500">No personas or industries to choose from.</p>;
  }

  const countIn = (id: string) =>
    personas.reduce(
      (n, p) => n + BUYING_STAGES.filter((s) => selected.has(keyOf(p.id, id, s))).length,
      0,
    );
  const stateOf = (keys: string[]) => {
    const chosen = keys.filter((k) => selected.has(k)).length;
    return chosen === 0 ? "none" : chosen === keys.length ? "all" : "some";
  };
  const toggle = (keys: string[]) => {
    const next = new Set(selected);
    const all = keys.every((k) => next.has(k));
    for (const k of keys) {
      if (all) next.delete(k);
      else next.add(k);
    }
    onChange(next);
  };
  const rowKeys = (personaId: string) => BUYING_STAGES.map((s) => keyOf(personaId, current.id, s));
  const columnKeys = (stage: BuyingStage) => personas.map((p) => keyOf(p.id, current.id, stage));
  const industryKeys = personas.flatMap((p) => rowKeys(p.id));

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const ids = industries.map((i) => i.id);
    const next = tabAfterArrowKey(event, ids, current.id);
    if (next === undefined) return;
    setIndustryId(next);
    document.getElementById(`cell-tab-${next}`)?.focus();
  };

  return (
    <div className="space-y-3">
      <div role="tablist" aria-label="Industry" className="flex flex-wrap gap-2">
        {industries.map((industry) => {
          const active = industry.id === current.id;
          const count = countIn(industry.id);
          return (
            <button
              key={industry.id}
              type="button"
              role="tab"
              id={`cell-tab-${industry.id}`}
              aria-selected={active}
              aria-controls="cell-grid-panel"
              tabIndex={active ? 0 : -1}
              onClick={() => setIndustryId(industry.id)}
              onKeyDown={onTabKey}
              className={cn(
                "inline-flex h-9 items-center gap-2 rounded-full border px-3 text-sm",
                focusRing,
                active
                  ? "border-primary bg-primary-soft font-medium text-slate-900"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
              )}
            >
              {industry.name}
              <span
                className={cn(
                  "rounded-full px-1.5 text-xs tabular-nums",
                  count > 0 ? "bg-primary text-primary-foreground" : "bg-slate-100 text-slate-500",
                )}
              >
                {count}
                <span className="sr-only">{count === 1 ? " cell chosen" : " cells chosen"}</span>
              </span>
            </button>
          );
        })}
      </div>

      <div
        id="cell-grid-panel"
        role="tabpanel"
        aria-labelledby={`cell-tab-${current.id}`}
        className="overflow-x-auto rounded-lg border border-slate-200"
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Cells for {current.name}: personas by buying stage</caption>
          <thead className="bg-slate-50">
            <tr>
              <th
                scope="col"
                className="sticky left-0 bg-slate-50 px-2 py-2 text-left font-medium text-slate-700 sm:px-3"
              >
                <label className="inline-flex items-center gap-1.5 sm:gap-2">
                  <GroupCheckbox
                    label={`Every cell in ${current.name}`}
                    state={stateOf(industryKeys)}
                    disabled={disabled}
                    onToggle={() => toggle(industryKeys)}
                  />
                  <span>Persona</span>
                </label>
              </th>
              {BUYING_STAGES.map((stage) => (
                <th
                  key={stage}
                  scope="col"
                  className="px-1 py-2 text-center text-[11px] font-medium text-slate-700 sm:px-2 sm:text-sm"
                >
                  <label className="inline-flex flex-col items-center gap-1 sm:flex-row sm:gap-2">
                    <GroupCheckbox
                      label={`${stageLabel(stage)} for every persona in ${current.name}`}
                      state={stateOf(columnKeys(stage))}
                      disabled={disabled}
                      onToggle={() => toggle(columnKeys(stage))}
                    />
                    <span>{stageLabel(stage)}</span>
                  </label>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {personas.map((persona) => (
              <tr key={persona.id} className="border-t border-slate-200">
                <th
                  scope="row"
                  className="sticky left-0 bg-white px-2 py-2 text-left font-normal text-slate-900 sm:px-3"
                >
                  <label className="inline-flex items-center gap-1.5 sm:gap-2">
                    <GroupCheckbox
                      label={`Every stage for ${persona.name} in ${current.name}`}
                      state={stateOf(rowKeys(persona.id))}
                      disabled={disabled}
                      onToggle={() => toggle(rowKeys(persona.id))}
                    />
                    <span>{persona.name}</span>
                  </label>
                </th>
                {BUYING_STAGES.map((stage) => {
                  const key = keyOf(persona.id, current.id, stage);
                  return (
                    <td key={stage} className="px-1 py-2 text-center sm:px-2">
                      <input
                        type="checkbox"
                        aria-label={`${persona.name}, ${current.name}, ${stageLabel(stage)}`}
                        checked={selected.has(key)}
                        disabled={disabled}
                        onChange={() => toggle([key])}
                        className="size-5 accent-primary"
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p
        className={cn(
          "text-sm",
          error || selected.size > MAX_BRIEF_CELLS ? "text-red-600" : "text-slate-500",
        )}
        aria-live="polite"
      >
        {error ??
          `${selected.size} ${selected.size === 1 ? "cell" : "cells"} chosen (at most ${MAX_BRIEF_CELLS}).`}
      </p>
    </div>
  );
}
