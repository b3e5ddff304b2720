import type { LucideIcon } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";
import { cn } from "../../lib/cn";
import { focusRing } from "./button";

interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "aria-label" | "children"
> {
  /** The button's accessible name: it shows only the icon. */
  label: string;
  icon: LucideIcon;
  /** The icon's size. */
  iconClassName?: string;
  /** The button's look (padding, colours, position); the focus ring is added. */
  className: string;
}

/** A button that shows only an icon (close, dismiss, menu, log out), named by `label`. */
export function IconButton({
  label,
  icon: Icon,
  iconClassName = "size-5",
  className,
  type = "button",
  ...props
}: IconButtonProps) {
  return (
    <button type={type} aria-label={label} className={cn(className, focusRing)} {...props}>
      <Icon className={iconClassName} aria-hidden="true" />
    </button>
  );
}
