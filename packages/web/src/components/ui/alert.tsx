import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

type Tone = "error" | "success" | "info";

const TONES: Record<Tone, string> = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-green-200 bg-green-50 text-green-800",
  info: "border-primary/30 bg-primary-soft text-slate-800",
};

/** A message box. Errors are announced immediately (role=alert); the rest politely. */
export function Alert({
  tone = "error",
  className,
  children,
}: {
  tone?: Tone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-md border px-3 py-2 text-sm", TONES[tone], className)}
    >
      {children}
    </div>
  );
}
