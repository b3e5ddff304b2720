import type { KitStep, KitStepStatus } from "@content-studio/contract";
import { ChevronDown, ExternalLink, RotateCw } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses, focusRing } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import type { KitColumn, KitRow } from "./kit-model";
import { KitStepChip } from "./kit-step-chip";

interface KitMatrixProps {
  columns: KitColumn[];
  rows: KitRow[];
  /** Only steps with one of these statuses are shown (all when null). */
  status: KitStepStatus | null;
  /** Whether failed steps may be retried now and done ones selected for submission. */
  canRetry: boolean;
  canSelect: boolean;
  selected: ReadonlySet<string>;
  onToggleSelect: (stepId: string) => void;
  onRetry: (stepId: string) => void;
  /** The step whose retry is being sent. */
  retrying: string | null;
  /** Applies a finding's suggested substitution (offered where done steps may be selected). */
  onFix: (stepId: string, fix: { from: string; to: string }) => void;
  /** The step whose fix is being applied. */
  fixing: string | null;
}

/**
 * Every step of a kit: on wide screens a matrix (a row per cell, a column per asset and
 * language), on narrow ones a list grouped by cell. One markup serves both: each entry names
 * its asset, which the column header makes visible on wide screens.
 */
export function KitMatrix({ columns, rows, status, onFix, fixing, ...entryProps }: KitMatrixProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const visible = (step: KitStep | undefined): step is KitStep =>
    step !== undefined && (status === null || step.status === status);
  const shownRows = rows.filter((row) => columns.some((c) => visible(row.steps.get(c.key))));
  const template = { gridTemplateColumns: `12rem repeat(${columns.length}, minmax(8rem, 1fr))` };

  if (shownRows.length === 0) {
    return <p className="text-sm text-slate-500">No entries match these filters.</p>;
  }
  return (
    <div className="md:overflow-x-auto md:rounded-lg md:border md:border-slate-200">
      <div
        aria-hidden="true"
        style={template}
        className="hidden border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 md:grid"
      >
        <div className="px-3 py-2">Cell</div>
        {columns.map((c) => (
          <div key={c.key} className="px-3 py-2">
            {c.label}
          </div>
        ))}
      </div>
      <ul aria-label="Kit entries by cell" className="space-y-4 md:space-y-0">
        {shownRows.map((row) => {
          const open = columns
            .map((c) => row.steps.get(c.key))
            .filter((s): s is KitStep => visible(s) && expanded.has(s.id));
          return (
            <li
              key={row.cellKey}
              style={template}
              className="rounded-lg border border-slate-200 md:grid md:rounded-none md:border-0 md:border-b md:last:border-b-0"
            >
              <h3 className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-900 md:border-0 md:bg-transparent">
                {row.label}
              </h3>
              {columns.map((column) => {
                const step = row.steps.get(column.key);
                if (!visible(step)) return <div key={column.key} className="hidden md:block" />;
                return (
                  <KitEntry
                    key={column.key}
                    step={step}
                    column={column}
                    cellLabel={row.label}
                    expanded={expanded.has(step.id)}
                    onToggle={() => toggle(step.id)}
                    {...entryProps}
                  />
                );
              })}
              {open.map((step) => (
                <KitEntryDetails
                  key={step.id}
                  step={step}
                  canFix={entryProps.canSelect}
                  onFix={onFix}
                  fixing={fixing === step.id}
                  label={`${columns.find((c) => c.key === `${step.asset}|${step.language}`)?.label ?? step.asset} · ${row.label}`}
                />
              ))}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

interface KitEntryProps extends Omit<
  KitMatrixProps,
  "columns" | "rows" | "status" | "onFix" | "fixing"
> {
  step: KitStep;
  column: KitColumn;
  cellLabel: string;
  expanded: boolean;
  onToggle: () => void;
}

function KitEntry({
  step,
  column,
  cellLabel,
  expanded,
  onToggle,
  canRetry,
  canSelect,
  selected,
  onToggleSelect,
  onRetry,
  retrying,
}: KitEntryProps) {
  const name = `${column.label} for ${cellLabel}`;
  const hasDetails = step.findings.length > 0 || step.reason !== null;
  const selectable = canSelect && step.status === "done" && step.contentItemId !== null;
  return (
    <div
      title={step.reason ?? undefined}
      className="flex flex-wrap items-center gap-x-2 gap-y-1.5 border-t border-slate-100 px-3 py-2 first-of-type:border-t-0 md:flex-col md:items-start md:border-t-0"
    >
      <span className="w-full text-sm font-medium text-slate-700 md:sr-only">{column.label}</span>
      <div className="flex flex-wrap items-center gap-1.5">
        {selectable ? (
          <input
            type="checkbox"
            aria-label={`Select ${name}`}
            checked={selected.has(step.id)}
            onChange={() => onToggleSelect(step.id)}
            className={cn("size-4 rounded border-slate-300 accent-primary", focusRing)}
          />
        ) : null}
        <KitStepChip status={step.status} />
        {step.qualityScore !== null ? (
          <span className="text-xs font-medium text-slate-700" title="Quality score">
            Score {Math.round(step.qualityScore * 100)}%
          </span>
        ) : null}
        {step.findings.length > 0 ? (
          <span className="rounded-full bg-yellow-50 px-1.5 py-0.5 text-xs font-medium text-yellow-800 ring-1 ring-yellow-600/20">
            {step.findings.length} {step.findings.length === 1 ? "finding" : "findings"}
          </span>
        ) : null}
      </div>
      {/* A skip's reason is usually the same for many entries (and a notice says it): it
          stays in the tooltip and the details; a failure's shows at once. */}
      {step.reason && step.status === "failed" ? (
        <p className="line-clamp-2 w-full text-xs text-slate-600" title={step.reason}>
          {step.reason}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-1">
        {step.status === "done" && step.contentItemId ? (
          <Link
            to={`/library/${encodeURIComponent(step.contentItemId)}`}
            aria-label={`Open ${name} in the library`}
            className={buttonClasses("ghost", "sm")}
          >
            <ExternalLink aria-hidden className="size-3.5" /> Open
          </Link>
        ) : null}
        {step.status === "failed" && canRetry ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Retry ${name}`}
            disabled={retrying !== null}
            onClick={() => onRetry(step.id)}
          >
            {retrying === step.id ? (
              <Spinner className="size-3.5" />
            ) : (
              <RotateCw aria-hidden className="size-3.5" />
            )}
            Retry
          </Button>
        ) : null}
        {hasDetails ? (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={expanded}
            aria-controls={`kit-step-${step.id}`}
            aria-label={`Details of ${name}`}
            onClick={onToggle}
          >
            Details
            <ChevronDown
              aria-hidden
              className={cn("size-3.5 transition-transform", expanded && "rotate-180")}
            />
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Why a step failed or was skipped, and each finding with its suggested fix. */
function KitEntryDetails({
  step,
  label,
  canFix,
  onFix,
  fixing,
}: {
  step: KitStep;
  label: string;
  canFix: boolean;
  onFix: (stepId: string, fix: { from: string; to: string }) => void;
  fixing: boolean;
}) {
  return (
    <div
      id={`kit-step-${step.id}`}
      className="col-span-full border-t border-slate-200 bg-slate-50 px-3 py-3 text-sm"
    >
      <p className="font-medium text-slate-900">{label}</p>
      {step.reason ? <p className="mt-1 text-slate-700">{step.reason}</p> : null}
      {step.findings.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          {step.findings.map((finding, index) => (
            <li key={`${finding.code}-${index}`}>
              {finding.message}
              {finding.fix ? (
                <span className="text-slate-500">
                  {" "}
                  (suggested: replace &ldquo;{finding.fix.from}&rdquo; with &ldquo;{finding.fix.to}
                  &rdquo;)
                </span>
              ) : null}
              {finding.fix && canFix && step.contentItemId ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="ml-2"
                  disabled={fixing}
                  aria-label={`Replace “${finding.fix.from}” with “${finding.fix.to}” in ${label}`}
                  onClick={() => onFix(step.id, finding.fix!)}
                >
                  {fixing ? <Spinner className="size-3.5" /> : null}
                  Replace
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {step.attempts > 1 ? (
        <p className="mt-2 text-xs text-slate-500">{step.attempts} attempts.</p>
      ) : null}
    </div>
  );
}
