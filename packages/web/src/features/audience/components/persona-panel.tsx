import type { IntentData, Persona } from "@content-studio/contract";
import { cn } from "../../../lib/cn";
import { focusRing } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Detail } from "../../../components/ui/detail";
import { FormatBars } from "./bar";
import { TitledLists } from "./titled-list";

/** The lists of a persona's profile, field → title. */
const PERSONA_LISTS = {
  painPoints: "Pain points",
  goals: "Goals",
  contentPreferences: "Content preferences",
  keyMetrics: "Key metrics",
  buyingCommittee: "Buying committee",
} as const;

/** Persona list with each one's share of intent; the selected persona's full profile. */
export function PersonaPanel({
  personas,
  breakdown,
  selectedId,
  onSelect,
}: {
  personas: Persona[];
  breakdown: IntentData["personaBreakdown"];
  selectedId: string;
  onSelect: (id: string) => void;
}) {
  const selected = personas.find((p) => p.id === selectedId) ?? personas[0];
  const share = (id: string) => breakdown.find((b) => b.persona === id);
  return (
    <Card title="Personas" description="Who shows intent, and what each persona cares about.">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <ul className="min-w-0 space-y-2" aria-label="Personas">
          {personas.map((p) => {
            const s = share(p.id);
            const active = p.id === selected?.id;
            return (
              <li key={p.id}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => onSelect(p.id)}
                  className={cn(
                    "w-full rounded-lg border px-3 py-2 text-left",
                    focusRing,
                    active ? "border-primary bg-slate-50" : "border-slate-200 hover:bg-slate-50",
                  )}
                >
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="font-medium text-slate-900">{p.title}</span>
                    <span className="text-sm text-slate-600 tabular-nums">
                      {s ? `${s.percentage}%` : "0%"}
                    </span>
                  </span>
                  {s && s.keywords.length > 0 ? (
                    <span className="mt-0.5 block truncate text-xs text-slate-500">
                      {s.keywords.slice(0, 3).join(", ")}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
        {selected ? (
          <article
            className="min-w-0 space-y-4 lg:col-span-2"
            aria-label={`${selected.title} profile`}
          >
            <div>
              <h3 className="text-lg font-semibold text-slate-900">{selected.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{selected.description}</p>
            </div>
            <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
              <Detail term="Average age">{selected.avgAge}</Detail>
              <Detail term="Reports to">{selected.reportingTo}</Detail>
              <Detail term="Education" className="sm:col-span-2">
                {selected.education}
              </Detail>
              <Detail term="Decision maker">{selected.decisionMaker ? "Yes" : "No"}</Detail>
              {selected.influencer !== undefined ? (
                <Detail term="Influencer">{selected.influencer ? "Yes" : "No"}</Detail>
              ) : null}
            </dl>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TitledLists record={selected} lists={PERSONA_LISTS} />
              <div>
                <h4 className="text-sm font-semibold text-slate-900">Top formats</h4>
                <div className="mt-2 space-y-2">
                  <FormatBars formats={selected.formatEffectiveness} limit={4} />
                </div>
              </div>
            </div>
          </article>
        ) : null}
      </div>
    </Card>
  );
}
