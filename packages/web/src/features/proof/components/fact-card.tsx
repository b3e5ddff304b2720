import {
  describeFactStructure,
  FACT_STATUS_LABELS,
  type Fact,
  type FactStatus,
} from "@content-studio/contract";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import type { FactAction } from "../api/change-fact";
import { FactUsages, UsagePanel } from "./fact-usages";
import { formatFigure } from "./format-figure";
import type { FactChange } from "./use-proof-library-screen";

const STATUS_CLASSES: Record<FactStatus | "expired", string> = {
  approved: "bg-green-50 text-green-800 border-green-200",
  proposed: "bg-yellow-50 text-yellow-800 border-yellow-200",
  retired: "bg-slate-100 text-slate-600 border-slate-200",
  expired: "bg-red-50 text-red-800 border-red-200",
};

const CHANGED_LABELS: Record<FactAction, string> = {
  approve: "Approved",
  expire: "Expired",
  retire: "Retired",
};

const ACTION_LABELS: Record<FactAction, string> = {
  approve: "Approve",
  expire: "Expire",
  retire: "Retire",
};

interface FactCardProps {
  fact: Fact;
  /** A change to some fact is on its way: the actions wait. */
  changing: boolean;
  onAction: (action: FactAction) => void;
  onEdit: () => void;
  /** The change just made to this fact, with the content that uses it; null otherwise. */
  changed: FactChange | null;
  onCloseChanged: () => void;
  /** Whether "Where used" is open for this fact. */
  showUsages: boolean;
  onShowUsages: () => void;
  onCloseUsages: () => void;
}

/** One fact: its statement, figure, subject, source and status, with what the caller may do. */
export function FactCard({
  fact,
  changing,
  onAction,
  onEdit,
  changed,
  onCloseChanged,
  showUsages,
  onShowUsages,
  onCloseUsages,
}: FactCardProps) {
  const figure = formatFigure(fact);
  const badge = fact.expired ? "expired" : fact.status;
  const actions = (["approve", "expire", "retire"] as const).filter((a) => fact.can[a]);
  return (
    <li className="rounded-xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <p className="text-sm font-medium break-words text-slate-900">{fact.statement}</p>
          <p className="mt-1 text-xs break-words text-slate-500">
            {figure ? <span className="font-medium text-slate-700">{figure} · </span> : null}
            {fact.subjectLabel} · Source: {fact.source} · Owner: {fact.owner}
            {fact.expiresOn ? ` · Expires ${fact.expiresOn}` : ""}
            {fact.approvedBy ? ` · Approved by ${fact.approvedBy}` : ""}
          </p>
          {fact.structure ? (
            <p className="mt-1 text-xs break-words text-slate-600">
              <span className="sr-only">What the figure says: </span>
              {describeFactStructure(fact.structure)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {fact.isSample ? (
            <span className="rounded-full border border-slate-200 bg-slate-50 px-2 py-0.5 text-xs text-slate-600">
              Sample
            </span>
          ) : null}
          <span
            className={cn(
              "rounded-full border px-2 py-0.5 text-xs font-medium",
              STATUS_CLASSES[badge],
            )}
          >
            {badge === "expired" ? "Expired" : FACT_STATUS_LABELS[fact.status]}
          </span>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="ghost" size="sm" onClick={onShowUsages}>
          Where used
        </Button>
        {fact.can.edit ? (
          <Button variant="secondary" size="sm" onClick={onEdit}>
            Edit
          </Button>
        ) : null}
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === "approve" ? "primary" : "secondary"}
            size="sm"
            disabled={changing}
            onClick={() => onAction(action)}
            aria-label={`${ACTION_LABELS[action]}: ${fact.statement}`}
          >
            {ACTION_LABELS[action]}
          </Button>
        ))}
      </div>
      {changed ? (
        <UsagePanel
          title={`${CHANGED_LABELS[changed.action]}. Content that uses this fact:`}
          result={changed.result}
          onClose={onCloseChanged}
          focusOnMount
        />
      ) : null}
      {showUsages ? <FactUsages id={fact.id} onClose={onCloseUsages} /> : null}
    </li>
  );
}
