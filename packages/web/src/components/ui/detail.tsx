import type { ReactNode } from "react";

interface DetailProps {
  /** What the value is ("Market size"). */
  term: ReactNode;
  children: ReactNode;
  /** Classes on the pair, e.g. a column span. */
  className?: string;
  /** Classes on the value, in place of plain dark text. */
  valueClassName?: string;
}

/** One term and its value in a details list (`<dl>`): the term muted, the value below it. */
export function Detail({
  term,
  children,
  className,
  valueClassName = "text-slate-900",
}: DetailProps) {
  return (
    <div className={className}>
      <dt className="text-slate-500">{term}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
