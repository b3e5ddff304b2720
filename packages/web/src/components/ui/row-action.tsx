import type { LucideIcon } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";
import { cn } from "../../lib/cn";
import { Button } from "./button";
import { BusyIcon } from "./spinner";

interface RowActionProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "title" | "aria-label" | "children"
> {
  /** What the button does ("Edit"): its tooltip, and the start of its accessible name. */
  action: string;
  /** The row's name, which ends the accessible name ("Edit Q3 launch post"). */
  item: string;
  icon: LucideIcon;
  /** A spinner instead of the icon while the action runs. */
  busy?: boolean;
  /** Shows the action's words beside the icon where the table has room; the icon alone keeps its name. */
  labelWhenWide?: boolean;
}

/** A small icon button in a table row's actions cell (view, edit, restore, delete...). */
export function RowAction({
  action,
  item,
  icon,
  busy = false,
  labelWhenWide = false,
  className,
  ...props
}: RowActionProps) {
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={`${action} ${item}`}
      title={action}
      className={cn("px-2!", className)}
      {...props}
    >
      <BusyIcon busy={busy} icon={icon} />
      {labelWhenWide ? <span className="hidden 2xl:inline">{action}</span> : null}
    </Button>
  );
}
