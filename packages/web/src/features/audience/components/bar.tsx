import { cn } from "../../../lib/cn";
import { formatBarClass } from "../utils/labels";

/** A 0–100 bar with its value; the fill class carries the colour step. */
export function ValueBar({
  label,
  value,
  fillClass,
  suffix = "%",
}: {
  label: string;
  value: number;
  fillClass: string;
  suffix?: string;
}) {
  const width = Math.max(0, Math.min(100, value));
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 truncate text-slate-700">{label}</span>
        <span className="shrink-0 font-medium text-slate-900 tabular-nums">
          {Math.round(value)}
          {suffix}
        </span>
      </div>
      <div className="h-2 rounded-full bg-slate-100" aria-hidden="true">
        <div className={cn("h-full rounded-full", fillClass)} style={{ width: `${width}%` }} />
      </div>
    </div>
  );
}

/** A persona's formats, most effective first, as bars (`limit`: only the first ones). */
export function FormatBars({
  formats,
  limit,
}: {
  formats: { format: string; effectiveness: number }[];
  limit?: number;
}) {
  return [...formats]
    .sort((a, b) => b.effectiveness - a.effectiveness)
    .slice(0, limit)
    .map((f) => (
      <ValueBar
        key={f.format}
        label={f.format}
        value={f.effectiveness}
        fillClass={formatBarClass(f.effectiveness)}
      />
    ));
}
