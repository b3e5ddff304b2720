import { Plus } from "lucide-react";
import { Button } from "./button";

/** A card's "Add …" action (a term, a connection, an endpoint): a small button with a plus. */
export function AddButton({ children, onClick }: { children: string; onClick: () => void }) {
  return (
    <Button size="sm" onClick={onClick}>
      <Plus className="size-4" aria-hidden="true" />
      {children}
    </Button>
  );
}
