import type { ReactNode } from "react";

/** A card's save button with an "Unsaved changes" note beside it. */
export function SaveRow({ dirty, children }: { dirty: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {children}
      {dirty ? <span className="text-sm text-slate-500">Unsaved changes</span> : null}
    </div>
  );
}

export function ReadOnlyNote() {
  return <p className="text-sm text-slate-500">Only administrators can change these settings.</p>;
}
