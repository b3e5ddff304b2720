// The dashboard's summary, read from the Library's counters.
import { type DashboardSummary } from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import * as repo from "./library.repository";
import { DAY_MS, qualityThreshold } from "./library-item.service";

const WEEKS = 12;
const GENERATIONS_MEASURED = 50;

/** Monday 00:00 UTC of the week holding `d`. */
function weekStart(d: Date): Date {
  const start = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = (start.getUTCDay() + 6) % 7;
  return new Date(start.getTime() - day * DAY_MS);
}

export async function getDashboardSummary(
  ctx: AppContext,
  now: Date = new Date(),
): Promise<DashboardSummary> {
  const threshold = await qualityThreshold(ctx.db);
  const firstWeek = new Date(weekStart(now).getTime() - (WEEKS - 1) * 7 * DAY_MS);
  const [stats, generation, recent, coverage, weekly] = await Promise.all([
    repo.dashboardStats(ctx.db, new Date(now.getTime() - 7 * DAY_MS), threshold),
    repo.averageGenerationTime(ctx.db, GENERATIONS_MEASURED),
    repo.recentItems(ctx.db, 5),
    repo.coverageCells(ctx.db),
    repo.weeklyCounts(ctx.db, firstWeek),
  ]);
  const byWeek = new Map(weekly.map((w) => [w.week, w]));
  return {
    stats,
    qualityThreshold: threshold,
    averageGenerationMs: generation.average === null ? null : Math.round(generation.average),
    generationsMeasured: generation.count,
    recent: recent.map((r) => ({
      id: r.id,
      title: r.title,
      contentType: r.content_type,
      personaName: r.persona_title,
      industryName: r.industry_name,
      createdAt: new Date(r.created_at).toISOString(),
      qualityScore: r.quality_after,
    })),
    coverage: coverage.map((c) => ({
      personaId: c.persona_id,
      industryId: c.industry_id,
      buyingStage: c.buying_stage,
      count: c.n,
      averageQuality: c.avg,
    })),
    weekly: Array.from({ length: WEEKS }, (_, i) => {
      const key = new Date(firstWeek.getTime() + i * 7 * DAY_MS).toISOString().slice(0, 10);
      const w = byWeek.get(key);
      return { weekStart: key, count: w?.n ?? 0, averageQuality: w?.avg ?? null };
    }),
  };
}
