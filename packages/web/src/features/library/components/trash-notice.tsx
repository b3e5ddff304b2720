import type { LibraryItemDetail } from "@content-studio/contract";
import { RotateCcw } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { formatDateTime } from "../utils/format";

interface TrashNoticeProps {
  item: LibraryItemDetail;
  onRestore: () => void;
  /** Asks whether to delete the item forever. */
  onPurge: () => void;
}

/** Says an item is in the Trash and until when, with Restore and Delete forever; else nothing. */
export function TrashNotice({ item, onRestore, onPurge }: TrashNoticeProps) {
  if (!item.deletedAt) return null;
  return (
    <Alert tone="info" className="mb-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>
          In the Trash since {formatDateTime(item.deletedAt)}. It is deleted for good 30 days after
          that.
        </span>
        <span className="flex gap-2">
          {item.can.restore ? (
            <Button size="sm" variant="secondary" onClick={onRestore}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Restore
            </Button>
          ) : null}
          {item.can.purge ? (
            <Button size="sm" variant="danger" onClick={onPurge}>
              Delete forever
            </Button>
          ) : null}
        </span>
      </div>
    </Alert>
  );
}
