import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";

interface PageButtonProps {
  /** Which way it turns: "Previous" with a chevron before, or "Next" with one after. */
  to: "previous" | "next";
  /** No page that way. */
  disabled: boolean;
  onClick: () => void;
}

/** The Previous or Next button of a paged list. */
export function PageButton({ to, disabled, onClick }: PageButtonProps) {
  return (
    <Button size="sm" variant="secondary" disabled={disabled} onClick={onClick}>
      {to === "previous" ? <ChevronLeft className="size-4" aria-hidden="true" /> : null}
      {to === "previous" ? "Previous" : "Next"}
      {to === "next" ? <ChevronRight className="size-4" aria-hidden="true" /> : null}
    </Button>
  );
}
