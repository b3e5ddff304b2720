import { ArrowRight } from "lucide-react";
import { useId, type Ref } from "react";
import { Link } from "react-router";
import { buttonClasses, focusRing } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";

interface ResultHeaderProps {
  /** Focused after a generation, so keyboard and screen-reader users land on the result. */
  ref?: Ref<HTMLHeadingElement>;
  headline: string;
  /** The stored item's permanent address (its library page), when the caller knows it. */
  itemPath?: string;
}

/** Above the result tabs: what was generated, where it is saved, and a link to that page. */
export function ResultHeader({ ref, headline, itemPath }: ResultHeaderProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm compact:px-4 compact:py-3"
    >
      <div className="min-w-0">
        <h2
          id={headingId}
          ref={ref}
          tabIndex={-1}
          className={cn("rounded text-base font-semibold text-slate-900", focusRing)}
        >
          Content generated
        </h2>
        <p className="mt-0.5 text-sm break-words text-slate-600">
          Saved as a draft in the Content Library: “{headline}”
        </p>
      </div>
      {itemPath ? (
        <Link to={itemPath} className={buttonClasses("secondary")}>
          Open in Content Library
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </section>
  );
}
