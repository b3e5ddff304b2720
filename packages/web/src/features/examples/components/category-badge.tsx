import type { ExampleCategory } from "@content-studio/contract";
import { cn } from "../../../lib/cn";
import { CATEGORY_LABELS } from "./labels";

/** Green 'Good Example' or red 'Bad Example'. */
export function CategoryBadge({ category }: { category: ExampleCategory }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1",
        category === "good"
          ? "bg-green-50 text-green-700 ring-green-600/20"
          : "bg-red-50 text-red-700 ring-red-600/20",
      )}
    >
      {CATEGORY_LABELS[category]}
    </span>
  );
}

/** One small tag chip. */
export function TagChip({ children, title }: { children: string; title?: string }) {
  return (
    <span
      title={title}
      className="inline-flex items-center rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-slate-700"
    >
      {children}
    </span>
  );
}
