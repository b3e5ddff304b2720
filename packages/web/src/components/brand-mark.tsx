import { Sparkles } from "lucide-react";
import { cn } from "../lib/cn";

/** The product's logo tile. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm",
        className,
      )}
    >
      <Sparkles className="size-5" aria-hidden="true" />
    </span>
  );
}
