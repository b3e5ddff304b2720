import { Download } from "lucide-react";
import { Button } from "./button";

interface ExportButtonProps {
  /** While the file is made the button says "Exporting..." and cannot be pressed again. */
  busy: boolean;
  /** Nothing to export yet. */
  disabled?: boolean;
  onClick: () => void;
  label?: string;
  size?: "sm" | "md";
}

/** The download button of a list or report ("Export CSV"). */
export function ExportButton({
  busy,
  disabled,
  onClick,
  label = "Export CSV",
  size = "sm",
}: ExportButtonProps) {
  return (
    <Button size={size} variant="secondary" disabled={busy || disabled} onClick={onClick}>
      <Download className="size-4" aria-hidden="true" />
      {busy ? "Exporting..." : label}
    </Button>
  );
}
