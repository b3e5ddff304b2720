import { ChevronDown } from "lucide-react";
import { useId, type ReactNode } from "react";
import { focusRing } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";

interface AccordionSectionProps {
  title: string;
  /** Shown beside the title while the section is closed (what was chosen). */
  summary?: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** One section of an accordion: a disclosure button and the region it controls. */
export function AccordionSection({
  title,
  summary,
  open,
  onToggle,
  children,
}: AccordionSectionProps) {
  const id = useId();
  return (
    <section className="border-b border-slate-200 last:border-b-0">
      <h2>
        <button
          type="button"
          id={`${id}-button`}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={onToggle}
          className={cn(
            "flex w-full items-center justify-between gap-4 px-6 py-4 text-left hover:bg-slate-50",
            focusRing,
          )}
        >
          <span className="text-base font-semibold text-slate-900">{title}</span>
          <span className="flex min-w-0 items-center gap-3">
            {!open && summary ? (
              <span className="truncate text-sm text-slate-500">{summary}</span>
            ) : null}
            <ChevronDown
              aria-hidden="true"
              className={cn(
                "size-5 shrink-0 text-slate-400 transition-transform",
                open && "rotate-180",
              )}
            />
          </span>
        </button>
      </h2>
      <div
        id={`${id}-panel`}
        role="region"
        aria-labelledby={`${id}-button`}
        hidden={!open}
        className="px-6 pt-1 pb-6"
      >
        {children}
      </div>
    </section>
  );
}
