import type { FactChangeResult } from "@content-studio/contract";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, focusRing } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { useFactUsages } from "../api/get-fact-usages";

/** "Where used": loads the stored content items whose claims rely on a fact. */
export function FactUsages({ id, onClose }: { id: string; onClose: () => void }) {
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
export function UsagePanel({
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
