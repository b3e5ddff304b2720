import { Link } from "react-router";
import { focusRing } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";

/** Who writes the content: the provider's label, and how it writes when that needs saying. */
export interface GeneratorWriter {
  label: string;
  description: string | null;
  /** The current writer is the built-in outline writer. */
  offline?: boolean;
}

/** "Written by": the current writer, with a way to connect an AI provider while offline. */
export function WriterCard({ writer }: { writer: GeneratorWriter }) {
  return (
    <section
      aria-label="Writer"
      className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
    >
      <p className="text-slate-500">Written by</p>
      <p className="mt-0.5 font-medium text-slate-900">{writer.label}</p>
      {writer.description ? (
        <p className="mt-1 text-xs text-slate-500">{writer.description}</p>
      ) : null}
      {writer.offline ? (
        <p className="mt-2 text-xs text-slate-600">
          For written drafts,{" "}
          <Link
            to="/settings"
            className={cn("rounded font-medium text-primary-text underline", focusRing)}
          >
            connect an AI provider in Settings
          </Link>
          .
        </p>
      ) : null}
    </section>
  );
}
