import { CONTENT_STATUS_LABELS, type ContentStatus } from "@content-studio/contract";
import { StatusBadge as Badge, type StatusTone } from "../../../components/ui/status-badge";

const STATUS_TONE: Record<ContentStatus, StatusTone> = {
  draft: "yellow",
  in_review: "blue",
  approved: "purple",
  published: "green",
};

/** Draft yellow, In review blue, Approved purple, Published green. */
export function StatusBadge({ status }: { status: ContentStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{CONTENT_STATUS_LABELS[status]}</Badge>;
}
