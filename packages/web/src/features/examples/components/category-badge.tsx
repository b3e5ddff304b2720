import type { ExampleCategory } from "@content-studio/contract";
import { StatusBadge } from "../../../components/ui/status-badge";
import { CATEGORY_LABELS } from "./labels";

/** Green 'Good Example' or red 'Bad Example'. */
export function CategoryBadge({ category }: { category: ExampleCategory }) {
  return (
    <StatusBadge tone={category === "good" ? "green" : "red"}>
      {CATEGORY_LABELS[category]}
    </StatusBadge>
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
