import type { AudienceFilter, Industry, IntentData } from "@content-studio/contract";
import { Card } from "../../../components/ui/card";
import { Detail } from "../../../components/ui/detail";
import { SelectField } from "../../../components/ui/field";
import { SelectOptions } from "../../../components/ui/options-field";
import { TitledLists } from "./titled-list";

/** The lists of an industry's details, field → title. */
const INDUSTRY_LISTS = {
  keyDrivers: "Key drivers",
  topChallenges: "Top challenges",
  contentStrategies: "Content strategies",
  companies: "Companies",
} as const;

/** 'all': a card per industry; one industry: its details. The focus dropdown is off in 'all'. */
export function IndustryInsights({
  industries,
  filter,
  breakdown,
  onFocus,
}: {
  industries: Industry[];
  filter: AudienceFilter;
  breakdown: IntentData["industryBreakdown"];
  onFocus: (id: AudienceFilter) => void;
}) {
  const focused = industries.find((i) => i.id === filter);
  const stats = (id: string) => breakdown.find((b) => b.industry === id);
  return (
    <Card
      title="Industry insights"
      actions={
        <SelectField
          label="Focus industry"
          value={focused?.id ?? ""}
          disabled={filter === "all"}
          onChange={(e) => onFocus(e.target.value as AudienceFilter)}
        >
          {filter === "all" ? <option value="">All industries</option> : null}
          <SelectOptions options={industries.map((i) => ({ value: i.id, label: i.name }))} />
        </SelectField>
      }
    >
      {focused ? (
        <article className="space-y-4" aria-label={`${focused.name} details`}>
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
            <Detail term="Market size" valueClassName="text-lg font-semibold text-slate-900">
              {focused.marketSize}
            </Detail>
            <Detail term="Engineering team size">{focused.engineeringTeamSize}</Detail>
            <Detail term="Production volume">{focused.productionVolume}</Detail>
          </dl>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TitledLists record={focused} lists={INDUSTRY_LISTS} />
          </div>
        </article>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {industries.map((i) => {
            const s = stats(i.id);
            return (
              <li key={i.id} className="min-w-0 rounded-lg border border-slate-200 p-4">
                <h3 className="font-semibold text-slate-900">{i.name}</h3>
                <p className="mt-1 text-sm text-slate-600">Market size {i.marketSize}</p>
                <p className="mt-2 text-sm text-slate-700">
                  {s
                    ? `${s.percentage}% of accounts · average intent ${s.avgIntent}`
                    : "No accounts in the intent data"}
                </p>
                <ul className="mt-2 list-disc pl-5 text-sm text-slate-600">
                  {i.topChallenges.slice(0, 3).map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
