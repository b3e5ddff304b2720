import { randomUUID } from "node:crypto";
import {
  cellKeyOf,
  KIT_ASSET_KINDS,
  KIT_LANGUAGES,
  KIT_STEP_STATUSES,
  type CampaignBrief,
  type Kit,
  type KitFinding,
  type KitFixBody,
  type KitStepStatus,
  type KitSubmitResult,
  type KitSummary,
} from "@content-studio/contract";
import type { Readable } from "node:stream";
import type { AppContext } from "../../app-context";
import { findLibraryItem } from "../library/library-item.service";
import { fileSlug } from "../library/library.export";
import { kitZip, type KitExportAsset } from "./kit-export";
import { keepKitExport, type KitExportAnswer } from "./kit-export-store";
import { checkKitAssets } from "./kit-findings";
import { applyFix } from "../glossary/language-check";
import { saveLibraryItem } from "../library/library-edit.service";
import { AppError, orNotFound } from "../../lib/app-error";
import type { SessionUser } from "../../plugins/access";
import { getWriter } from "../ai/ai-provider.service";
import { auditActorOf, recordAudit } from "../audit/audit.service";
import { transitionLibraryItem } from "../library/library-lifecycle.service";
import { getBrief, inputOf, type LatestKits } from "./campaigns.service";
import { kitPolicy } from "./kit.policy";
import * as repo from "./kit.repository";
import {
  ENGLISH_ONLY_REASON,
  KIT_CELL_QUEUE,
  KIT_CHECK_QUEUE,
  type KitBriefSnapshot,
} from "./kit.worker";

const NOT_FOUND = "Kit not found.";

/** The newest kit of each brief, as briefs show it. */
export async function latestKitsFor(ctx: AppContext, briefIds?: string[]): Promise<LatestKits> {
  const rows = await repo.latestKitsOf(ctx.db, briefIds);
  const latestKits = new Map<string, KitSummary>(
    rows.map((r) => [
      r.brief_id,
      {
        id: r.id,
        status: r.status,
        createdAt: new Date(r.created_at).toISOString(),
        finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
        total: Number(r.total ?? 0),
        done: Number(r.done ?? 0),
        failed: Number(r.failed ?? 0),
      },
    ]),
  );
  return { latestKits };
}

/**
 * "Generate kit": the kit, one step per asset of each cell in each language, and one job per
 * cell with its kit check after it (a dependency flow), written in one transaction.
 */
export async function startKit(ctx: AppContext, actor: SessionUser, briefId: string): Promise<Kit> {
  const brief = await getBrief(ctx, actor, briefId);
  if (!brief.can.run) kitPolicy.authorize(actor, "run", { owner_id: brief.ownerId });
  const writer = await getWriter(ctx);
  const snapshot = snapshotOf(brief);
  const notices =
    writer.provider === "builtin"
      ? snapshot.languages.filter((l) => l !== "en").map((l) => ENGLISH_ONLY_REASON(l))
      : [];
  const kitId = randomUUID();
  const steps = snapshot.cells.flatMap((cell, c) =>
    snapshot.languages.flatMap((language) =>
      KIT_ASSET_KINDS.filter((a) => snapshot.assets.includes(a)).map((asset, a) => ({
        id: randomUUID(),
        kit_id: kitId,
        cell_key: cellKeyOf(cell),
        persona_id: cell.personaId,
        industry_id: cell.industryId,
        buying_stage: cell.buyingStage,
        language,
        asset,
        sort_order: c * 1000 + KIT_LANGUAGES.indexOf(language) * 10 + a,
        status: "queued" as const,
        reason: null,
      })),
    ),
  );
  await ctx.jobEngine.start();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertKit(
      trx,
      {
        id: kitId,
        briefId,
        briefName: brief.name,
        brief: snapshot,
        provider: writer.provider,
        notices,
        startedBy: actor.id,
      },
      steps,
    );
    await queueCells(
      ctx,
      trx,
      kitId,
      writer.provider,
      snapshot.cells.map((c) => cellKeyOf(c)),
    );
    await recordAudit(trx, {
      actor: auditActorOf(actor),
      action: "kit.started",
      target: { type: "campaign_kit", id: kitId, label: brief.name },
      changes: { steps: { to: steps.length } },
    });
  });
  return getKit(ctx, actor, kitId);
}

/** The brief as the kit runs it. */
function snapshotOf(brief: CampaignBrief): KitBriefSnapshot {
  const { dueDate: _dueDate, ...input } = inputOf(brief);
  return { ...input, ownerId: brief.ownerId };
}

/**
 * One job per cell and its kit check after it. Jobs share the provider's group, so no more
 * than the cap of them write at once across every process.
 */
async function queueCells(
  ctx: AppContext,
  trx: Parameters<AppContext["jobEngine"]["flow"]>[0],
  kitId: string,
  provider: string,
  cellKeys: string[],
): Promise<void> {
  if (cellKeys.length === 0) return;
  await ctx.jobEngine.flow(
    trx,
    cellKeys.flatMap((cellKey, i) => [
      {
        ref: `cell${i}`,
        name: KIT_CELL_QUEUE,
        data: { kitId, cellKey },
        options: { group: { id: provider } },
      },
      {
        ref: `check${i}`,
        name: KIT_CHECK_QUEUE,
        data: { kitId, cellKey },
        dependsOn: [`cell${i}`],
      },
    ]),
  );
}

async function loadKit(ctx: AppContext, id: string) {
  const kit = orNotFound(await repo.findKit(ctx.db, id), NOT_FOUND);
  return kit;
}

/** The kit with every step, its progress, time so far and an estimate of the rest. */
export async function getKit(ctx: AppContext, actor: SessionUser, id: string): Promise<Kit> {
  const kit = await loadKit(ctx, id);
  const steps = await repo.listKitSteps(ctx.db, id);
  const items = await repo.itemStatusesOf(
    ctx.db,
    steps.flatMap((s) => (s.content_item_id ? [s.content_item_id] : [])),
  );
  const counts = Object.fromEntries(KIT_STEP_STATUSES.map((s) => [s, 0])) as Record<
    KitStepStatus,
    number
  >;
  for (const step of steps) counts[step.status] += 1;
  const started = new Date(kit.created_at).getTime();
  const end = kit.finished_at ? new Date(kit.finished_at).getTime() : Date.now();
  const elapsedMs = Math.max(0, end - started);
  const finished = counts.done + counts.failed + counts.skipped;
  const remaining = steps.length - finished;
  const written = counts.done + counts.failed;
  const estimateMs =
    kit.status !== "running" || remaining === 0
      ? kit.status === "running"
        ? 0
        : null
      : written === 0
        ? null
        : Math.round((elapsedMs / written) * remaining);
  const manage = kitPolicy.capabilities(actor, { owner_id: kit.started_by ?? "" }).manage;
  return {
    id: kit.id,
    briefId: kit.brief_id,
    briefName: kit.brief_name,
    status: kit.status,
    createdAt: new Date(kit.created_at).toISOString(),
    finishedAt: kit.finished_at ? new Date(kit.finished_at).toISOString() : null,
    elapsedMs,
    estimateMs,
    counts,
    steps: steps.map((s) => {
      const item = s.content_item_id ? items.get(s.content_item_id) : undefined;
      return {
        id: s.id,
        cellKey: s.cell_key,
        personaId: s.persona_id,
        industryId: s.industry_id,
        buyingStage: s.buying_stage,
        language: s.language as Kit["steps"][number]["language"],
        asset: s.asset as Kit["steps"][number]["asset"],
        status: s.status,
        attempts: s.attempts,
        reason: s.reason,
        contentItemId: item && !item.deleted ? s.content_item_id : null,
        itemStatus: item ? (item.deleted ? "deleted" : item.status) : null,
        qualityScore: s.quality_score,
        findings: (s.findings as KitFinding[]) ?? [],
        startedAt: s.started_at ? new Date(s.started_at).toISOString() : null,
        finishedAt: s.finished_at ? new Date(s.finished_at).toISOString() : null,
      };
    }),
    notices: kit.notices ?? [],
    can: {
      cancel: manage && kit.status === "running",
      resume: manage && kit.status !== "running" && remaining + counts.failed > 0,
      retry: manage && counts.failed > 0,
      submit: manage && counts.done > 0,
    },
  };
}

/** Stops the kit: queued cells are cancelled; a step being written is not stored. */
export async function cancelKit(ctx: AppContext, actor: SessionUser, id: string): Promise<Kit> {
  await ctx.db.transaction().execute(async (trx) => {
    const kit = orNotFound(await repo.lockKit(trx, id), NOT_FOUND);
    kitPolicy.authorize(actor, "manage", { owner_id: kit.started_by ?? "" });
    if (kit.status !== "running") {
      throw new AppError("conflict", "This kit is not running.");
    }
    await repo.setKitStatus(trx, id, "cancelled", true);
    await recordAudit(trx, {
      actor: auditActorOf(actor),
      action: "kit.cancelled",
      target: { type: "campaign_kit", id, label: kit.brief_name },
      changes: {},
    });
  });
  return getKit(ctx, actor, id);
}

/**
 * Runs the kit again from where it stopped: failed steps go back to the queue and every cell
 * with a queued step gets a new job. Done steps are never written again.
 */
export async function resumeKit(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  stepIds?: string[],
): Promise<Kit> {
  await ctx.jobEngine.start();
  await ctx.db.transaction().execute(async (trx) => {
    const kit = orNotFound(await repo.lockKit(trx, id), NOT_FOUND);
    kitPolicy.authorize(actor, "manage", { owner_id: kit.started_by ?? "" });
    if (stepIds) {
      const steps = (await repo.listKitSteps(trx, id)).filter((s) => stepIds.includes(s.id));
      if (steps.length !== stepIds.length) throw new AppError("not_found", "Step not found.");
      if (steps.some((s) => s.status !== "failed")) {
        throw new AppError("conflict", "Only a failed asset can be retried.");
      }
    } else if (kit.status === "running") {
      throw new AppError("conflict", "This kit is already running.");
    }
    await repo.requeueFailed(trx, id, stepIds);
    const cells = await repo.cellsWithQueuedSteps(trx, id);
    if (cells.length === 0) throw new AppError("conflict", "Every asset of this kit is finished.");
    await repo.setKitStatus(trx, id, "running", false);
    await queueCells(ctx, trx, id, kit.provider, cells);
    await recordAudit(trx, {
      actor: auditActorOf(actor),
      action: stepIds ? "kit.retried" : "kit.resumed",
      target: { type: "campaign_kit", id, label: kit.brief_name },
      changes: { cells: { to: cells.length } },
    });
  });
  return getKit(ctx, actor, id);
}

/**
 * Submits the kit's written items for approval (all, or the steps named), one by one through
 * the library's own rules: an item that cannot be submitted is reported, not forced.
 */
export async function submitKit(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  stepIds?: string[],
): Promise<KitSubmitResult> {
  const kit = await loadKit(ctx, id);
  kitPolicy.authorize(actor, "manage", { owner_id: kit.started_by ?? "" });
  const steps = (await repo.listKitSteps(ctx.db, id)).filter(
    (s) => s.status === "done" && s.content_item_id && (!stepIds || stepIds.includes(s.id)),
  );
  const skipped: KitSubmitResult["skipped"] = [];
  let submitted = 0;
  for (const step of steps) {
    const findings = (step.findings as KitFinding[]) ?? [];
    if (findings.length > 0) {
      skipped.push({ stepId: step.id, reason: "It has kit check findings to fix first." });
      continue;
    }
    try {
      await transitionLibraryItem(ctx, actor, step.content_item_id!, { action: "submit" });
      submitted += 1;
    } catch (error) {
      skipped.push({
        stepId: step.id,
        reason: error instanceof AppError ? error.message : "It could not be submitted.",
      });
    }
  }
  return { submitted, skipped };
}

/**
 * One-click fix: replaces a finding's text in the step's library item (a new version, through
 * the library's own save), then checks the cell again. Only a fix one of the step's findings
 * offers is applied.
 */
export async function fixStep(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  stepId: string,
  fix: KitFixBody,
): Promise<Kit> {
  const kit = await loadKit(ctx, id);
  kitPolicy.authorize(actor, "manage", { owner_id: kit.started_by ?? "" });
  const steps = await repo.listKitSteps(ctx.db, id);
  const step = orNotFound(
    steps.find((s) => s.id === stepId),
    "Step not found.",
  );
  const offered = ((step.findings as KitFinding[]) ?? []).some(
    (f) => f.fix?.from === fix.from && f.fix.to === fix.to,
  );
  if (!offered || !step.content_item_id) {
    throw new AppError("conflict", "This fix is no longer offered for this asset.");
  }
  const item = orNotFound(
    await findLibraryItem(ctx.db, step.content_item_id),
    "The asset's library item is gone.",
  );
  await saveLibraryItem(ctx, actor, item.id, {
    headline: applyFix(item.headline, fix),
    introduction: applyFix(item.introduction, fix),
    body: applyFix(item.body, fix),
    conclusion: applyFix(item.conclusion, fix),
    baseVersion: item.version,
  });
  const cell = steps.filter((s) => s.cell_key === step.cell_key && s.status === "done");
  await repo.setStepFindings(ctx.db, await checkKitAssets(ctx, kit, cell));
  return getKit(ctx, actor, id);
}

/**
 * The whole kit as a ZIP: each written asset (not in the Trash) as Markdown, HTML and DOCX, one
 * folder per cell and language, with index.csv.
 */
/**
 * Exports a kit as a ZIP: streamed as it is built, or, above the inline limit with a file
 * store, kept there for the requester (see `keepKitExport`).
 */
export function exportKit(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<KitExportAnswer> {
  return ctx.metrics.countExport("kit", async () =>
    keepKitExport(ctx, actor, id, await buildKitExport(ctx, id)),
  );
}

async function buildKitExport(
  ctx: AppContext,
  id: string,
): Promise<{ filename: string; body: Readable }> {
  const kit = await loadKit(ctx, id);
  const steps = (await repo.listKitSteps(ctx.db, id)).filter(
    (s) => s.status === "done" && s.content_item_id,
  );
  const items = await Promise.all(steps.map((s) => findLibraryItem(ctx.db, s.content_item_id!)));
  const assets: KitExportAsset[] = steps.flatMap((step, i) => {
    const item = items[i];
    if (!item || item.deleted_at) return [];
    return [
      {
        title: item.title,
        headline: item.headline,
        introduction: item.introduction,
        body: item.body,
        conclusion: item.conclusion,
        contentType: item.content_type,
        personaName: item.persona_title,
        industryName: item.industry_name,
        buyingStage: item.buying_stage,
        version: item.version,
        updatedAt: new Date(item.updated_at).toISOString(),
        language: step.language as KitExportAsset["language"],
        asset: step.asset as KitExportAsset["asset"],
        status: item.status,
        qualityScore: step.quality_score,
        itemId: item.id,
      },
    ];
  });
  if (assets.length === 0) {
    throw new AppError("conflict", "This kit has no written assets to export yet.");
  }
  return { filename: `${fileSlug(kit.brief_name, "campaign")}-kit.zip`, body: kitZip(assets) };
}
