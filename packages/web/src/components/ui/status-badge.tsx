import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/**
 * The fixed status colours (Published green, Draft yellow, In review blue, Bad Example red,
 * inactive grey). They mean a state, not the brand, so they do not follow the accent colour;
 * this is the one place a screen may name a hue such as blue (a test checks that).
 */
const STATUS_TONES = {
  green: "bg-green-50 text-green-700 ring-green-600/20",
  yellow: "bg-yellow-50 text-yellow-800 ring-yellow-600/20",
  blue: "bg-blue-50 text-blue-700 ring-blue-600/20",
  purple: "bg-purple-50 text-purple-800 ring-purple-600/20",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  slate: "bg-slate-100 text-slate-600 ring-slate-500/20",
} as const;

export type StatusTone = keyof typeof STATUS_TONES;

/** A small pill naming a state in its fixed colour. */
export function StatusBadge({
  tone,
  className,
  children,
}: {
  tone: StatusTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1",
        STATUS_TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
