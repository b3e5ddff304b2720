import type { DashboardSummary } from "@content-studio/contract";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

/** Items per week (bars) and their average quality in percent (line), last 12 weeks. */
export default function WeeklyChart({ weeks }: { weeks: DashboardSummary["weekly"] }) {
  const data = weeks.map((w) => ({
    week: new Date(`${w.weekStart}T00:00:00Z`).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    }),
    count: w.count,
    quality: w.averageQuality === null ? null : Math.round(w.averageQuality * 100),
  }));
  return (
    <div className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-slate-200)" />
          <XAxis dataKey="week" tick={{ fontSize: 11, fill: "var(--color-slate-500)" }} />
          <YAxis
            yAxisId="count"
            allowDecimals={false}
            tick={{ fontSize: 11, fill: "var(--color-slate-500)" }}
          />
          <YAxis
            yAxisId="quality"
            orientation="right"
            domain={[0, 100]}
            unit="%"
            tick={{ fontSize: 11, fill: "var(--color-slate-500)" }}
          />
          <Tooltip
            contentStyle={{
              background: "var(--color-white)",
              borderColor: "var(--color-slate-200)",
              color: "var(--color-slate-900)",
            }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            yAxisId="count"
            dataKey="count"
            name="Content items"
            fill="var(--color-primary)"
            radius={[3, 3, 0, 0]}
          />
          <Line
            yAxisId="quality"
            dataKey="quality"
            name="Average quality (%)"
            stroke="var(--color-green-600)"
            strokeWidth={2}
            connectNulls
            dot={{ r: 3 }}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
