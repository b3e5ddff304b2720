import type { IntentData } from "@content-studio/contract";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { cn } from "../../../lib/cn";

// Colours that read on light and dark surfaces; text follows the theme's slate scale.
const TICK = { fill: "var(--color-slate-600)", fontSize: 12 };
const GRID = "var(--color-slate-200)";
const TOOLTIP = {
  contentStyle: {
    background: "var(--color-white)",
    border: "1px solid var(--color-slate-200)",
    borderRadius: 8,
    color: "var(--color-slate-900)",
    fontSize: 12,
  },
  itemStyle: { color: "var(--color-slate-900)" },
  cursor: { fill: "var(--color-slate-100)" },
};
const STAGE_COLOURS = ["#38bdf8", "var(--color-primary)", "#22c55e"];

function Figure({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <figure className={cn("min-w-0", className)}>
      <figcaption className="mb-2 text-sm font-medium text-slate-700">{title}</figcaption>
      {children}
    </figure>
  );
}

/** Bars laid on their side in a box of `className`'s height, one row per item, a grid behind. */
function SidewaysBarChart({
  data,
  className,
  children,
}: {
  data: object[];
  className: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 12, left: 0, bottom: 0 }}>
          <CartesianGrid stroke={GRID} horizontal={false} />
          {children}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Buying-stage split, industry breakdown and keyword volume (recharts, loaded on demand). */
export default function IntentCharts({
  intent,
  industryName,
}: {
  intent: IntentData;
  industryName: (id: string) => string;
}) {
  const stages = [
    { name: "Awareness", value: intent.buyingStages.awareness },
    { name: "Consideration", value: intent.buyingStages.consideration },
    { name: "Decision", value: intent.buyingStages.decision },
  ];
  const industries = intent.industryBreakdown.map((i) => ({
    name: industryName(i.industry),
    share: i.percentage,
    intent: i.avgIntent,
  }));
  const keywords = intent.topKeywords.slice(0, 8).map((k) => ({
    name: k.keyword,
    volume: k.volume,
  }));
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <Figure title="Buying-stage split (% of accounts)">
        <div className="h-56">
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie
                data={stages}
                dataKey="value"
                nameKey="name"
                innerRadius="45%"
                outerRadius="75%"
                isAnimationActive={false}
              >
                {stages.map((s, i) => (
                  <Cell key={s.name} fill={STAGE_COLOURS[i]} stroke="var(--color-white)" />
                ))}
              </Pie>
              <Tooltip {...TOOLTIP} formatter={(v) => `${String(v)}%`} />
            </PieChart>
          </ResponsiveContainer>
        </div>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          {stages.map((s, i) => (
            <li key={s.name} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-2.5 rounded-full"
                style={{ background: STAGE_COLOURS[i] }}
              />
              {s.name} {s.value}%
            </li>
          ))}
        </ul>
      </Figure>
      <Figure title="Industry breakdown (% of accounts, average intent)">
        <SidewaysBarChart data={industries} className="h-56">
          <XAxis type="number" tick={TICK} domain={[0, 100]} />
          <YAxis type="category" dataKey="name" tick={TICK} width={84} interval={0} />
          <Tooltip {...TOOLTIP} />
          <Bar
            dataKey="share"
            name="Share of accounts (%)"
            fill="var(--color-primary)"
            isAnimationActive={false}
          />
          <Bar dataKey="intent" name="Average intent" fill="#22c55e" isAnimationActive={false} />
        </SidewaysBarChart>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-primary" />
            Share of accounts (%)
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-green-500" />
            Average intent
          </li>
        </ul>
      </Figure>
      <Figure title="Keyword volume (accounts surging)" className="md:col-span-2">
        <SidewaysBarChart data={keywords} className="h-64">
          <XAxis type="number" tick={TICK} allowDecimals={false} />
          <YAxis
            type="category"
            dataKey="name"
            tick={{ ...TICK, fontSize: 11 }}
            width={170}
            interval={0}
          />
          <Tooltip {...TOOLTIP} />
          <Bar
            dataKey="volume"
            name="Accounts"
            fill="var(--color-primary)"
            isAnimationActive={false}
          />
        </SidewaysBarChart>
      </Figure>
    </div>
  );
}
