import { CONTENT_STATUS_LABELS, type ContentStatus } from "@content-studio/contract";
import { cn } from "../../../lib/cn";

const STATUS_CLASSES: Record<ContentStatus, string> = {
  draft: "bg-yellow-50 text-yellow-800 ring-yellow-600/20",
  in_review: "bg-blue-50 text-blue-800 ring-blue-600/20",
  approved: "bg-purple-50 text-purple-800 ring-purple-600/20",
  published: "bg-green-50 text-green-800 ring-green-600/20",
};

/** Draft yellow, In review blue, Approved purple, Published green. */
export function StatusBadge({ status }: { status: ContentStatus }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        STATUS_CLASSES[status],
      )}
    >
      {CONTENT_STATUS_LABELS[status]}
    </span>
  );
}
