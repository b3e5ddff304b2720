import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";

/** Copies `text` to the clipboard and says so for two seconds. */
export function CopyButton({
  text,
  label,
  disabled,
}: {
  text: string;
  /** Accessible name, e.g. "Copy LinkedIn post". */
  label: string;
  disabled?: boolean;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  };

  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={label}
      disabled={disabled}
      onClick={() => void copy()}
    >
      {state === "copied" ? (
        <Check aria-hidden="true" className="size-4 text-green-600" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      <span aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
      </span>
    </Button>
  );
}
