import {
  describeFactStructure,
  FACT_STATUS_LABELS,
  FACT_STATUSES,
  type Fact,
  type FactChangeResult,
  type FactStatus,
} from "@content-studio/contract";
import { Plus, Search } from "lucide-react";
import { useDeferredValue, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, focusRing } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { useChangeFact, type FactAction } from "../api/change-fact";
import { useFactUsages } from "../api/get-fact-usages";
import { useFacts } from "../api/get-facts";
import { FactFormDialog, type SubjectOption } from "./fact-form-dialog";

interface ProofLibraryPageProps {
  solutions: SubjectOption[];
  industries: SubjectOption[];
}

/** "35–45 %", "3x", "USD 1,200,000", or nothing for a qualitative fact. */
export function formatFigure(fact: Pick<Fact, "value" | "valueMax" | "unit">): string {
  if (fact.value === null || fact.unit === null) return "";
  const n = (v: number) => v.toLocaleString("en-US");
  const range = fact.valueMax !== null ? `${n(fact.value)}–${n(fact.valueMax)}` : n(fact.value);
  if (fact.unit === "%") return `${range}%`;
  if (fact.unit === "x") return `${range}x`;
  if (fact.unit === "count") return range;
  return `${fact.unit} ${range}`;
}

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

/**
 * The Proof Library: the approved facts generated copy may state. Every role reads; editors
 * propose and edit proposals; admins approve, expire and retire. Expiring or retiring a fact
 * lists every stored content item whose claims rely on it.
 */
export function ProofLibraryPage({ solutions, industries }: ProofLibraryPageProps) {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<FactStatus | "">("");
  const deferredQ = useDeferredValue(q.trim());
  const facts = useFacts({ q: deferredQ || undefined, status: status || undefined });
  const change = useChangeFact();
  const [editing, setEditing] = useState<Fact | "new" | null>(null);
  const [changed, setChanged] = useState<{ action: FactAction; result: FactChangeResult } | null>(
    null,
  );
  const [usagesOf, setUsagesOf] = useState<string | null>(null);

  const run = (fact: Fact, action: FactAction) =>
    change.mutate(
      { id: fact.id, action },
      { onSuccess: (result) => setChanged({ action, result }) },
    );

  return (
    <div>
      <PageHeader
        title="Proof Library"
        description="Approved facts that claims in generated content are bound to."
        actions={
          facts.data?.can.propose ? (
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden="true" className="size-4" />
              Add fact
            </Button>
          ) : null
        }
      />

      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="relative block min-w-0 flex-1 basis-60">
          <span className="sr-only">Search facts</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Search statement, source or owner"
            className="h-10 w-full rounded-md border border-slate-300 bg-white pl-9 pr-3 text-sm text-slate-900 shadow-sm outline-none placeholder:text-slate-400 focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/30"
          />
        </label>
        <label className="block">
          <span className="sr-only">Status</span>
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as FactStatus | "")}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/30"
          >
            <option value="">All statuses</option>
            {FACT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {FACT_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {change.error ? <Alert className="mb-4">{change.error.message}</Alert> : null}

      {facts.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner /> Loading facts...
        </p>
      ) : facts.isError ? (
        <Alert>{facts.error.message}</Alert>
      ) : facts.data.facts.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="font-medium text-slate-900">No facts found</p>
          <p className="mt-1 text-sm text-slate-500">
            {q || status
              ? "Try another search or status."
              : "Add the evidence your content may cite."}
          </p>
        </div>
      ) : (
        <ul aria-label="Facts" className="space-y-3">
          {facts.data.facts.map((fact) => {
            const figure = formatFigure(fact);
            const badge = fact.expired ? "expired" : fact.status;
            const actions = (["approve", "expire", "retire"] as const).filter((a) => fact.can[a]);
            return (
              <li
                key={fact.id}
                className="rounded-xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-5"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 flex-1 basis-72">
                    <p className="text-sm font-medium break-words text-slate-900">
                      {fact.statement}
                    </p>
                    <p className="mt-1 text-xs break-words text-slate-500">
                      {figure ? (
                        <span className="font-medium text-slate-700">{figure} · </span>
                      ) : null}
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
                  <Button variant="ghost" size="sm" onClick={() => setUsagesOf(fact.id)}>
                    Where used
                  </Button>
                  {fact.can.edit ? (
                    <Button variant="secondary" size="sm" onClick={() => setEditing(fact)}>
                      Edit
                    </Button>
                  ) : null}
                  {actions.map((action) => (
                    <Button
                      key={action}
                      variant={action === "approve" ? "primary" : "secondary"}
                      size="sm"
                      disabled={change.isPending}
                      onClick={() => run(fact, action)}
                      aria-label={`${ACTION_LABELS[action]}: ${fact.statement}`}
                    >
                      {ACTION_LABELS[action]}
                    </Button>
                  ))}
                </div>
                {changed?.result.fact.id === fact.id ? (
                  <UsagePanel
                    title={`${CHANGED_LABELS[changed.action]}. Content that uses this fact:`}
                    result={changed.result}
                    onClose={() => setChanged(null)}
                    focusOnMount
                  />
                ) : null}
                {usagesOf === fact.id ? (
                  <FactUsages id={fact.id} onClose={() => setUsagesOf(null)} />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      {editing ? (
        <FactFormDialog
          fact={editing === "new" ? undefined : editing}
          solutions={solutions}
          industries={industries}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function FactUsages({ id, onClose }: { id: string; onClose: () => void }) {
  const usages = useFactUsages(id);
  if (usages.isPending) {
    return (
      <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-500">
        <Spinner /> Loading content that uses this fact...
      </p>
    );
  }
  if (usages.isError) return <Alert className="mt-3">{usages.error.message}</Alert>;
  return <UsagePanel title="Content that uses this fact" result={usages.data} onClose={onClose} />;
}

/** The stored content items whose claims rely on a fact. */
function UsagePanel({
  title,
  result,
  onClose,
  focusOnMount = false,
}: {
  title: string;
  result: FactChangeResult;
  onClose: () => void;
  /** Moves focus (and the view) here: the card may have moved to the top of the list. */
  focusOnMount?: boolean;
}) {
  const n = result.usages.length;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label="Content using this fact"
      className="mt-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 font-medium break-words text-slate-900">{title}</p>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <p className="mt-1 text-slate-600">
        {n === 0
          ? "No stored content item uses this fact."
          : `${n} stored content item${n === 1 ? " uses" : "s use"} this fact:`}
      </p>
      {n > 0 ? (
        <ul className="mt-2 space-y-1">
          {result.usages.map((u) => (
            <li key={u.contentItemId} className="break-words">
              <Link
                to={`/library/${encodeURIComponent(u.contentItemId)}`}
                className={cn(
                  "font-medium text-primary underline-offset-2 hover:underline",
                  focusRing,
                )}
              >
                {u.title}
              </Link>
              <span className="text-slate-500"> — {u.claims.join("; ")}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
