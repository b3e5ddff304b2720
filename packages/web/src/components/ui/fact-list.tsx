import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/**
 * Short facts in a row, separated by middle dots, that wraps onto more lines without a line
 * ever starting or ending with a dot: each dot sits in the gap before its fact, and the dot of
 * a fact that starts a line falls into the space left of the box, which is clipped. The dots
 * are decoration (hidden from screen readers, which hear a list). Phrasing content only, so it
 * fits inside a paragraph.
 */
export function FactList({ facts, className }: { facts: ReactNode[]; className?: string }) {
  return (
    <span className={cn("block overflow-hidden", className)}>
      <span role="list" className="-ml-3 flex flex-wrap items-baseline gap-y-1">
        {facts.map((fact, index) => (
          <span key={index} role="listitem" className="relative ml-3 min-w-0">
            <span aria-hidden="true" className="absolute top-0 right-full w-3 text-center">
              ·
            </span>
            {fact}
          </span>
        ))}
      </span>
    </span>
  );
}
