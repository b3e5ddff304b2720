import type { BuyingStage, DashboardSummary, Industry, Persona } from "@content-studio/contract";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { focusRing } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";

interface CoverageMapProps {
  cells: DashboardSummary["coverage"];
  personas: Persona[];
  industries: Industry[];
  stages: readonly BuyingStage[];
  /** Empty cells link to the generator only for those who may generate. */
  canGenerate: boolean;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Approved or published items per persona × industry, one grid per buying stage. The shade
 * grows with the count; an empty cell opens the generator with that combination. The stages
 * stack: side by side, persona and industry names were cut even at 1400 px.
 */
export function CoverageMap({
  cells,
  personas,
  industries,
  stages,
  canGenerate,
}: CoverageMapProps) {
  const byKey = new Map(cells.map((c) => [`${c.personaId}|${c.industryId}|${c.buyingStage}`, c]));
  const max = Math.max(1, ...cells.map((c) => c.count));
  return (
    <div className="grid grid-cols-1 gap-6">
      {stages.map((stage) => (
        <div key={stage} className="min-w-0">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">{capitalise(stage)}</h3>
          <table className="w-full max-w-2xl table-fixed border-separate border-spacing-1 text-xs">
            <caption className="sr-only">{`Coverage at the ${stage} stage`}</caption>
            <thead>
              <tr>
                <th scope="col" className="w-28 sm:w-44">
                  <span className="sr-only">Persona</span>
                </th>
                {industries.map((i) => (
                  <th
                    key={i.id}
                    scope="col"
                    className="truncate px-0.5 text-center font-medium text-slate-500"
                    title={i.name}
                  >
                    {i.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {personas.map((p) => (
                <tr key={p.id}>
                  <th
                    scope="row"
                    className="truncate pr-1 text-left font-medium text-slate-600"
                    title={p.title}
                  >
                    {p.title}
                  </th>
                  {industries.map((i) => {
                    const cell = byKey.get(`${p.id}|${i.id}|${stage}`);
                    const where = `${p.title}, ${i.name}, ${capitalise(stage)}`;
                    if (!cell) {
                      const empty = (
                        <span className="flex h-11 items-center justify-center rounded border border-dashed border-slate-300 text-slate-400">
                          <Plus aria-hidden="true" className="size-3.5" />
                        </span>
                      );
                      return (
                        <td key={i.id}>
                          {canGenerate ? (
                            <Link
                              to={`/generate?${new URLSearchParams({ persona: p.id, industry: i.id, stage })}`}
                              aria-label={`No approved content for ${where}. Generate some.`}
                              title={`Generate for ${where}`}
                              className={cn("block rounded hover:bg-slate-50", focusRing)}
                            >
                              {empty}
                            </Link>
                          ) : (
                            <span aria-label={`No approved content for ${where}`}>{empty}</span>
                          )}
                        </td>
                      );
                    }
                    const strength = 20 + Math.round((cell.count / max) * 70);
                    return (
                      <td key={i.id}>
                        <span
                          className="flex h-11 flex-col items-center justify-center rounded text-slate-900"
                          style={{
                            backgroundColor: `color-mix(in oklab, var(--color-primary) ${strength}%, transparent)`,
                          }}
                          title={where}
                          aria-label={`${where}: ${cell.count} approved or published, average quality ${
                            cell.averageQuality === null
                              ? "not scored"
                              : `${Math.round(cell.averageQuality * 100)}%`
                          }`}
                        >
                          <span className="text-sm font-semibold">{cell.count}</span>
                          <span className="text-[10px]">
                            {cell.averageQuality === null
                              ? "–"
                              : `${Math.round(cell.averageQuality * 100)}%`}
                          </span>
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
