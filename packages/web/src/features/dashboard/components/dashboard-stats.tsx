import { formatCappedCount, type DashboardSummary } from "@content-studio/contract";
import { CalendarDays, FileText, Star, Wrench, type LucideIcon } from "lucide-react";
import { Spinner } from "../../../components/ui/spinner";

/** A figure as the tiles show it (e.g. 1,234); undefined while unknown. */
const tileCount = (n: number | undefined) =>
  n === undefined ? undefined : formatCappedCount(n, false);

function Tile({
  label,
  value,
  icon: Icon,
  loading,
}: {
  label: string;
  value: string | undefined;
  icon: LucideIcon;
  loading: boolean;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm compact:p-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <Icon aria-hidden="true" className="size-5 text-slate-400" />
      </div>
      <p className="mt-2 text-3xl font-semibold tracking-tight text-slate-900" aria-live="polite">
        {loading ? <Spinner className="size-6 text-slate-300" /> : (value ?? "–")}
      </p>
    </div>
  );
}

/** Each tile: its heading, its icon and the figure it shows. */
const TILES: { label: string; icon: LucideIcon; figure: keyof DashboardSummary["stats"] }[] = [
  { label: "Total Content", icon: FileText, figure: "total" },
  { label: "Last 7 Days", icon: CalendarDays, figure: "lastWeek" },
  { label: "High Quality", icon: Star, figure: "highQuality" },
  { label: "Needs Refinement", icon: Wrench, figure: "needsRefinement" },
];

/** The four content figures: total, last 7 days, high quality, needs refinement. */
export function DashboardStats({
  stats,
  loading,
}: {
  stats: DashboardSummary["stats"] | undefined;
  loading: boolean;
}) {
  return (
    <section
      aria-label="Content statistics"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
    >
      {TILES.map((tile) => (
        <Tile
          key={tile.figure}
          label={tile.label}
          icon={tile.icon}
          loading={loading}
          value={tileCount(stats?.[tile.figure])}
        />
      ))}
    </section>
  );
}
