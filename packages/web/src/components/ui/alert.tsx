import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "../../lib/cn";

type Tone = "error" | "success" | "info";

const TONES: Record<Tone, string> = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-green-200 bg-green-50 text-green-800",
  info: "border-primary/30 bg-primary-soft text-slate-800",
};

/**
 * A message box. Errors are announced immediately (role=alert); the rest politely. With
 * `reveal` the box scrolls itself into view when it appears (mount it with a `key` per
 * message to reveal each new one), so a message answering a click is never below the fold.
 */
export function Alert({
  tone = "error",
  reveal = false,
  id,
  className,
  children,
}: {
  tone?: Tone;
  reveal?: boolean;
  /** Lets a control name this message as its description (aria-describedby). */
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal) ref.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [reveal]);
  return (
    <div
      ref={ref}
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-md border px-3 py-2 text-sm", TONES[tone], className)}
    >
      {children}
    </div>
  );
}
