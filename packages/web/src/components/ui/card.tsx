import { useId, type ReactNode } from "react";
import { cn } from "../../lib/cn";
import { focusRing } from "./button";

interface CardProps {
  title?: string;
  description?: ReactNode;
  /** Rendered at the right of the card header. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A white panel with an optional header; titled cards are labelled regions. */
export function Card({ title, description, actions, className, children }: CardProps) {
  const id = useId();
  const headingId = title ? id : undefined;
  return (
    <section
      aria-labelledby={headingId}
      className={cn("rounded-xl border border-slate-200 bg-white shadow-sm", className)}
    >
      {title ? (
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 px-6 py-4 compact:px-4 compact:py-3">
          <div>
            {/* The ring shows when in-page navigation moves focus to the heading. */}
            <h2
              id={headingId}
              className={cn("rounded text-base font-semibold text-slate-900", focusRing)}
            >
              {title}
            </h2>
            {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
          </div>
          {actions}
        </header>
      ) : null}
      <div className="px-6 py-5 compact:px-4 compact:py-3">{children}</div>
    </section>
  );
}
