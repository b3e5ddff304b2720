import { randomUUID } from "node:crypto";
import {
  KIT_ASSET_LABELS,
  type QualityReport,
  KIT_LANGUAGE_LABELS,
  type CampaignCell,
  type KitAssetKind,
  type KitFinding,
  type KitLanguage,
  type StageOffers,
} from "@content-studio/contract";
import type { Job } from "pg-boss";
import { z } from "zod";
import { emitWebhookEvent } from "../webhooks/webhooks.service";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { escapeHtml, sanitizeBody, toPlainText } from "../../lib/html";
import { getWriter } from "../ai/ai-provider.service";
import {
  WriterError,
  type DraftContent,
  type KitAssetOutput,
  type KitAssetTaskKind,
  type Writer,
} from "../ai/writer";
import { loadBriefContext, type BriefContext } from "../content/brief";
import { consumeGenerationBudget } from "../content/generation-limit";
import { scoreDraft, writeDraft, type PipelineRun } from "../content/pipeline";
import { buildKitAssetPrompt, PROMPT_VERSION } from "../content/prompt";
import { createLibraryItem } from "../library/library-create.service";
import { findLibraryItem } from "../library/library-item.service";
import { loadGlossaryTerms } from "../glossary/glossary.service";
import { glossaryPromptBlock } from "../glossary/language-check";
import * as repo from "./kit.repository";

/** The brief as a kit runs it (kept on the kit: editing the brief later changes nothing here). */
export interface KitBriefSnapshot {
  name: string;
  objective: string;
  keyMessage: string;
  factIds: string[];
  offers: StageOffers;
  cells: CampaignCell[];
  assets: KitAssetKind[];
  articleContentType: DraftContentType;
  languages: KitLanguage[];
  ownerId: string;
}
type DraftContentType = Parameters<typeof loadBriefContext>[1]["contentType"];

export const KIT_CELL_QUEUE = "kit-cell";
export const KIT_CHECK_QUEUE = "kit-check";
export const KIT_CELL_DEAD_QUEUE = "kit-cell-dead";

export interface KitCellJob {
  kitId: string;
  cellKey: string;
}

/** Said on a non-English step when no AI provider is configured. */
export const ENGLISH_ONLY_REASON = (language: KitLanguage) =>
  `The outline writer writes in English only: choose an AI provider in Settings to write in ${KIT_LANGUAGE_LABELS[language]}.`;

const NO_ARTICLE_REASON =
  "The article of this cell was not written, so this asset has nothing to be based on. Retry the article, then this asset.";

/** Failures worth another attempt later: the provider was busy, slow, down or answered badly. */
const TRANSIENT: ReadonlySet<WriterError["kind"]> = new Set([
  "rate_limited",
  "unavailable",
  "timeout",
  "bad_output",
]);

/** The attempt's step moved on without it (the kit was cancelled, or another attempt has it). */
class StepLost extends Error {}

/** The owner's AI request budget is spent: the cell waits for the window to reset. */
class BudgetSpent extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("budget spent");
  }
}

const KitAssetOutputSchema: z.ZodType<KitAssetOutput> = z.object({
  text: z.string().trim().min(1).max(4000).optional(),
  subjects: z.array(z.string().trim().min(1).max(200)).length(3).optional(),
});

/**
 * One job per cell: writes the cell's queued steps in order (per language, the article first,
 * then the short assets from it). A step is claimed by this attempt before any call, and
 * recorded done in the transaction that stores its library item, only while the attempt still
 * holds it and the kit is running: a step is never written twice, and a finished one is never
 * touched again. A busy or failing provider fails the attempt (pg-boss retries it with backoff;
 * finished steps stay finished); any other failure fails just that step, with its reason.
 */
export async function runCellJob(ctx: AppContext, job: Job<KitCellJob>): Promise<void> {
  const { kitId, cellKey } = job.data;
  const claim = { job: job.id, attempt: job.retryCount };
  const kit = await repo.findKit(ctx.db, kitId);
  if (!kit || kit.status !== "running") return;
  await releaseStaleClaims(ctx, kitId, cellKey, claim);
  const steps = await repo.listCellSteps(ctx.db, kitId, cellKey);
  if (!steps.some((s) => s.status === "queued")) return;
  const brief = kit.brief as KitBriefSnapshot;
  const [writer, terms] = await Promise.all([getWriter(ctx), loadGlossaryTerms(ctx.db)]);
  const owner = kit.started_by ?? brief.ownerId;

  for (const language of brief.languages) {
    const own = steps.filter((s) => s.language === language);
    if (!own.some((s) => s.status === "queued")) continue;
    if (writer.provider === "builtin" && language !== "en") {
      for (const step of own)
        await repo.finishQueuedStep(ctx.db, step.id, "skipped", ENGLISH_ONLY_REASON(language));
      continue;
    }
    const first = own[0]!;
    const context = await loadKitBriefContext(ctx, brief, {
      personaId: first.persona_id,
      industryId: first.industry_id,
      buyingStage: first.buying_stage,
      language,
    });
    // The language instruction and the language's glossary go first in every prompt.
    const preamble = glossaryPromptBlock(language, terms);
    let article = await loadWrittenArticle(ctx, own);
    for (const step of own) {
      if (step.status !== "queued") continue;
      if (step.asset !== "article" && !article) {
        await repo.finishQueuedStep(ctx.db, step.id, "failed", NO_ARTICLE_REASON);
        continue;
      }
      if (!(await repo.claimStep(ctx.db, step.id, claim))) {
        if ((await repo.findKit(ctx.db, kitId))?.status !== "running") return;
        continue;
      }
      try {
        await spendBudget(ctx, owner, writer);
        const written =
          step.asset === "article"
            ? await writeArticle(ctx, writer, context, preamble, job.signal)
            : await writeShortAsset(
                writer,
                context,
                article!,
                { asset: step.asset as KitAssetKind, preamble },
                job.signal,
              );
        if (!(await repo.moveClaimedStep(ctx.db, step.id, claim, { status: "checking" })))
          throw new StepLost();
        // The quality check measures English articles; the others are judged by their claims
        // and the kit's checks (see the library's approval blockers).
        const report =
          step.asset === "article" && language === "en"
            ? scoreDraft(context.reference, context.brief, written)
            : null;
        await saveAsset(ctx, { kit, step, claim, written, report, findings: [] });
        if (step.asset === "article") article = written;
      } catch (error) {
        const outcome = await settleFailure(ctx, step.id, claim, error);
        if (outcome === "stop") return;
        if (outcome instanceof BudgetSpent) {
          // Waits for the owner's window in a new job; this one ends without failing.
          await ctx.jobEngine.send(ctx.db, KIT_CELL_QUEUE, job.data, {
            startAfter: outcome.retryAfterSeconds,
            group: { id: kit.provider },
          });
          return;
        }
        if (outcome === "retry") throw error;
      }
    }
  }
}

/**
 * What a step's failure means for the job: stop (the kit is no longer running), retry the
 * attempt later (transient), wait for the budget, or go on with the next step (the step failed).
 */
async function settleFailure(
  ctx: AppContext,
  stepId: string,
  claim: { job: string; attempt: number },
  error: unknown,
): Promise<"stop" | "retry" | "next" | BudgetSpent> {
  if (error instanceof StepLost) {
    await repo.moveClaimedStep(ctx.db, stepId, claim, { status: "queued" });
    return "stop";
  }
  if (error instanceof BudgetSpent) {
    const minutes = Math.ceil(error.retryAfterSeconds / 60);
    await repo.moveClaimedStep(ctx.db, stepId, claim, {
      status: "queued",
      reason: `Waiting for your AI request limit: continues in about ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    });
    return error;
  }
  if (error instanceof WriterError && error.kind === "cancelled") {
    await repo.moveClaimedStep(ctx.db, stepId, claim, { status: "queued" });
    return "stop";
  }
  if (error instanceof WriterError && TRANSIENT.has(error.kind)) {
    await repo.moveClaimedStep(ctx.db, stepId, claim, { status: "queued", reason: error.message });
    return "retry";
  }
  const reason =
    error instanceof WriterError || error instanceof AppError
      ? error.message
      : "The asset could not be written because of an unexpected error.";
  if (!(error instanceof WriterError) && !(error instanceof AppError)) {
    console.error(`Kit step ${stepId} failed unexpectedly`, error);
  }
  await repo.moveClaimedStep(ctx.db, stepId, claim, { status: "failed", reason });
  return "next";
}

/** Counts one step against the kit owner's AI request budget, like any generation. */
async function spendBudget(ctx: AppContext, ownerId: string, writer: Writer): Promise<void> {
  try {
    await consumeGenerationBudget(ctx, { id: ownerId }, writer);
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") {
      throw new BudgetSpent(error.retryAfterSeconds ?? 60);
    }
    throw error;
  }
}

/**
 * Steps of the cell that an attempt was writing when it stopped (a killed process, an expired
 * heartbeat) go back to queued; a step another attempt is still writing is left to it.
 */
async function releaseStaleClaims(
  ctx: AppContext,
  kitId: string,
  cellKey: string,
  claim: { job: string; attempt: number },
): Promise<void> {
  const steps = await repo.listCellSteps(ctx.db, kitId, cellKey);
  const stale: string[] = [];
  for (const step of steps) {
    if (step.status !== "writing" && step.status !== "checking") continue;
    if (step.claim_job === claim.job && step.claim_attempt === claim.attempt) continue;
    const live =
      step.claim_job !== null &&
      step.claim_attempt !== null &&
      (await ctx.jobEngine.isRunning(KIT_CELL_QUEUE, step.claim_job, step.claim_attempt));
    if (!live) stale.push(step.id);
  }
  await repo.requeueSteps(ctx.db, stale);
}

/** The brief a writer gets for one cell and language: the kit's facts, offer and message. */
async function loadKitBriefContext(
  ctx: AppContext,
  brief: KitBriefSnapshot,
  cell: CampaignCell & { language: KitLanguage },
): Promise<BriefContext> {
  const context = await loadBriefContext(ctx, {
    personaId: cell.personaId,
    industryId: cell.industryId,
    buyingStage: cell.buyingStage,
    contentType: brief.articleContentType,
    topic: brief.keyMessage,
    keyMetrics: [],
    featuredSolutions: [],
    primaryKeyword: undefined,
    useBenchmarkExamples: true,
    language: cell.language === "en" ? undefined : cell.language,
  });
  const chosenFacts = new Set(brief.factIds);
  const offerName = brief.offers[cell.buyingStage];
  context.brief.approvedFacts = (context.brief.approvedFacts ?? []).filter((f) =>
    chosenFacts.has(f.id),
  );
  context.brief.offers = context.brief.offers.filter((o) => o.name === offerName);
  return context;
}

/** The article already written for these steps (a resumed cell), as its stored text. */
async function loadWrittenArticle(
  ctx: AppContext,
  steps: repo.KitStepRow[],
): Promise<DraftContent | undefined> {
  const step = steps.find((s) => s.asset === "article" && s.status === "done");
  if (!step?.content_item_id) return undefined;
  const item = await findLibraryItem(ctx.db, step.content_item_id);
  return item
    ? {
        headline: item.headline,
        introduction: item.introduction,
        body: item.body,
        conclusion: item.conclusion,
        imagePrompt: item.image_prompt,
      }
    : undefined;
}

/** The cell's article: one draft call (no refinement rounds: the user optimises later). */
async function writeArticle(
  ctx: AppContext,
  writer: Writer,
  context: BriefContext,
  preamble: string,
  signal: AbortSignal,
): Promise<DraftContent> {
  const run: PipelineRun = {
    ctx,
    writer,
    brief: context.brief,
    reference: context.reference,
    signal,
    usage: { inputTokens: 0, outputTokens: 0 },
    preamble,
  };
  const draft = await writeDraft(run);
  if (!draft.headline || !draft.body) {
    throw new WriterError(
      "bad_output",
      "The AI provider returned content in an unexpected format. Please try again.",
    );
  }
  return draft;
}

/** A short asset from the article, as an item's sections (the text is the body). */
async function writeShortAsset(
  writer: Writer,
  context: BriefContext,
  article: DraftContent,
  { asset, preamble }: { asset: KitAssetKind; preamble: string },
  signal: AbortSignal,
): Promise<DraftContent> {
  const kind = asset as KitAssetTaskKind;
  const prompt = buildKitAssetPrompt(context.brief, article, kind);
  const { object } = await writer.write<KitAssetOutput>({
    task: { kind: "kit-asset", brief: context.brief, draft: article, asset: kind },
    prompt: { ...prompt, system: `${preamble}\n\n${prompt.system}` },
    schema: KitAssetOutputSchema,
    maxOutputTokens: 800,
    signal,
  });
  const body =
    kind === "email-subjects"
      ? object.subjects
        ? `<ol>${object.subjects.map((s) => `<li>${escapeHtml(toPlainText(s))}</li>`).join("")}</ol>`
        : ""
      : object.text
        ? toPlainText(object.text)
            .split(/\n{2,}/)
            .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
            .join("")
        : "";
  if (!body) {
    throw new WriterError(
      "bad_output",
      "The AI provider returned content in an unexpected format. Please try again.",
    );
  }
  return {
    headline: `${KIT_ASSET_LABELS[asset]}: ${toPlainText(article.headline)}`.slice(0, 300),
    introduction: "",
    body: sanitizeBody(body),
    conclusion: "",
    imagePrompt: kind === "image-prompt" ? toPlainText(object.text ?? "") : "",
  };
}

/** Stores the asset as a library item and the step as done, together, or neither. */
async function saveAsset(
  ctx: AppContext,
  input: {
    kit: repo.KitRow;
    step: repo.KitStepRow;
    claim: { job: string; attempt: number };
    written: DraftContent;
    report: QualityReport | null;
    findings: KitFinding[];
  },
): Promise<void> {
  const { kit, step, written } = input;
  const qualityScore = input.report?.overall ?? null;
  const qualityReport = input.report ? JSON.stringify(input.report) : null;
  const brief = kit.brief as KitBriefSnapshot;
  const id = randomUUID();
  const actorId = kit.started_by;
  await ctx.db.transaction().execute(async (trx) => {
    await createLibraryItem(
      trx,
      {
        id,
        title: toPlainText(written.headline).slice(0, 300),
        content_type: brief.articleContentType,
        persona_id: step.persona_id,
        industry_id: step.industry_id,
        buying_stage: step.buying_stage,
        topic: brief.keyMessage.slice(0, 500),
        headline: toPlainText(written.headline),
        introduction: toPlainText(written.introduction),
        body: sanitizeBody(written.body),
        conclusion: toPlainText(written.conclusion),
        image_prompt: toPlainText(written.imagePrompt),
        key_metrics: JSON.stringify([]),
        featured_solutions: JSON.stringify([]),
        primary_keyword: null,
        quality_before: qualityScore,
        quality_after: qualityScore,
        quality_report: qualityReport,
        provenance: JSON.stringify({
          provider: kit.provider,
          model: "",
          promptVersion: PROMPT_VERSION,
          exampleIds: [],
          usage: { inputTokens: 0, outputTokens: 0 },
          durationMs: 0,
          refinementRounds: 0,
        }),
        created_by: actorId,
        kit_asset: step.asset,
        language: step.language,
      },
      { note: `Written by the campaign kit "${kit.brief_name.slice(0, 200)}"` },
    );
    const done = await repo.completeStep(trx, step.id, input.claim, {
      contentItemId: id,
      qualityScore,
      findings: input.findings,
    });
    if (!done) throw new StepLost();
  });
}

/**
 * A cell job that gave up after its retries (dead-lettered): its unfinished steps fail with
 * the last reason, so the user sees them and can retry them one by one.
 */
export async function failDeadCell(ctx: AppContext, job: Job<KitCellJob>): Promise<void> {
  const { kitId, cellKey } = job.data;
  const steps = await repo.listCellSteps(ctx.db, kitId, cellKey);
  const reason =
    steps.find((s) => s.status === "queued" && s.reason)?.reason ??
    "The AI provider kept failing for this cell. Retry the failed assets.";
  await repo.failQueuedCellSteps(ctx.db, kitId, cellKey, reason);
  await finishKitIfDone(ctx, kitId);
}

/** Marks the kit done once no step is left to run. */
export async function finishKitIfDone(ctx: AppContext, kitId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const kit = await repo.lockKit(trx, kitId);
    if (kit?.status !== "running") return;
    if ((await repo.kitUnfinishedCount(trx, kitId)) > 0) return;
    await repo.setKitStatus(trx, kitId, "done", true);
    await emitWebhookEvent(ctx, trx, {
      type: "kit.completed",
      data: { kitId, briefId: kit.brief_id, briefName: kit.brief_name },
      path: `/campaigns/${kit.brief_id}`,
    });
  });
}

/** Raised while a cell still has steps being written: the check job is retried a little later. */
class CellNotFinished extends Error {}

/**
 * The kit check of one cell, after its job: compares the cell's finished assets (per language)
 * and stores each asset's findings. Runs only once every step of the cell is finished.
 */
export async function runCheckJob(
  ctx: AppContext,
  job: Job<KitCellJob>,
  check: (
    ctx: AppContext,
    kit: repo.KitRow,
    steps: repo.KitStepRow[],
  ) => Promise<Map<string, KitFinding[]>>,
): Promise<void> {
  const { kitId, cellKey } = job.data;
  const kit = await repo.findKit(ctx.db, kitId);
  if (!kit) return;
  const steps = await repo.listCellSteps(ctx.db, kitId, cellKey);
  const unfinished = steps.some(
    (s) => !(repo.FINISHED_STEP_STATUSES as readonly string[]).includes(s.status),
  );
  if (unfinished) {
    // A stopped kit's resume queues a new check with its new cell job.
    if (kit.status !== "running") return;
    throw new CellNotFinished("The cell still has assets being written.");
  }
  const findings = await check(
    ctx,
    kit,
    steps.filter((s) => s.status === "done"),
  );
  await repo.setStepFindings(ctx.db, findings);
  await finishKitIfDone(ctx, kitId);
}
