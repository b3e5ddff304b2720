import { Trash2 } from "lucide-react";
import { Button } from "./button";

/** The small trash-can button of a row or an item (delete, revoke, remove); `label` says which. */
export function TrashButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="ghost" aria-label={label} onClick={onClick}>
      <Trash2 className="size-4" aria-hidden="true" />
    </Button>
  );
}
