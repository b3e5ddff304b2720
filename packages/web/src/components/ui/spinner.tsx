import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/** A decorative spinning ring; pair it with visible or screen-reader text. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block size-5 animate-spin rounded-full border-2 border-current border-t-transparent",
        className,
      )}
    />
  );
}

/** The whole viewport, centred spinner and a status message. */
export function FullScreenSpinner({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 text-slate-600"
    >
      <Spinner className="size-10 border-4 text-primary" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}

interface LoadingTextProps {
  /** What is under way ("Loading users..."). */
  children: ReactNode;
  /** "status" announces it politely; leave it out where the text sits in a live region already. */
  role?: "status";
  /** Spacing around the line. */
  className?: string;
}

/** A small spinner and what is under way, in one muted line: a list or panel while it loads. */
export function LoadingText({ children, role, className }: LoadingTextProps) {
  return (
    <p role={role} className={cn("flex items-center gap-2 text-sm text-slate-500", className)}>
      <Spinner className="size-4" /> {children}
    </p>
  );
}

/** A button's icon: a small spinner while its action is under way, else the icon. */
export function BusyIcon({ busy, icon: Icon }: { busy: boolean; icon: LucideIcon }) {
  return busy ? <Spinner className="size-4" /> : <Icon aria-hidden="true" className="size-4" />;
}
