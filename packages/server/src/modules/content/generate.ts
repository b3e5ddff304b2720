import { randomUUID } from "node:crypto";
import {
  benchmarkComparisonSentence,
  bestSimilarity,
  improvement,
  meetsQualityStandards,
  type GenerateContentBodySchema,
  type ContentGenerationData,
  type ContentGenerationDataQuery,
  type GeneratedContent,
  type GenerationEvent,
  type EditorReview,
  type GenerationSettings,
  type QualityCheckSummary,
  type QualityReport,
  type StageJourney,
} from "@content-studio/contract";
import type { z } from "zod";
import type { AppContext } from "../../app-context";
import { htmlToText } from "../../lib/html";
import type { SessionUser } from "../../plugins/access";
import { getWriter } from "../ai/ai-provider.service";
import { getIntentDataForIndustry } from "../audience/audience.service";
import type { WriterLogger } from "../ai/llm-writer";
import type { ContentBrief, Writer } from "../ai/writer";
import { createLibraryItem } from "../library/library-create.service";
import { findSimilarExamples, type QualityReference } from "../quality/quality.service";
import { loadAudience, loadBriefContext } from "./brief";
import { consumeGenerationBudget } from "./generation-limit";
import { contentItemCapabilitiesFor } from "../library/library.policy";
import { contentPolicy } from "./content.policy";
import { getGenerationSettings } from "../settings/generation-settings";
import { matcherFor } from "../quality/phrases";
import { normaliseForMatch } from "../quality/text";
import {
  checkAndRefine,
  GENERATION_DEADLINE_MS,
  pipelineSignal,
  writeDraft,
  type PipelineRun,
} from "./pipeline";
import {
  combineWithReview,
  reviewTargetOf,
  reviewTimeoutWithin,
  runEditorReview,
} from "./editor-review";
import { modelCallerOf } from "../ai/llm-writer";
import { PROMPT_VERSION } from "./prompt";
import { toAppError } from "./writer-errors";
import { fieldError } from "../../lib/app-error";

type GenerateRequest = z.output<typeof GenerateContentBodySchema>;

/** GET /api/content-generation-data: the audience of a generation. */
export async function getContentGenerationData(
  ctx: AppContext,
  actor: SessionUser,
  query: ContentGenerationDataQuery,
): Promise<ContentGenerationData> {
  const { persona, industry } = await loadAudience(
    ctx,
    query.personaId,
    query.industryId,
    "not_found",
  );
  const stage = query.buyingStage;
  const journey = persona.buyingJourney;
  const buyingJourney: StageJourney =
    stage === "awareness"
      ? { stage, ...journey.awareness }
      : stage === "consideration"
        ? { stage, ...journey.consideration }
        : { stage, ...journey.decision };
  return {
    selectedPersona: persona,
    selectedIndustry: industry,
    buyingJourney,
    sixsenseData: await getIntentDataForIndustry(ctx.db, industry.id),
    can: { generate: contentPolicy.capabilities(actor).generate },
  };
}

/** Everything checked and loaded before any provider call (errors here are plain JSON errors). */
export interface PreparedGeneration {
  actor: SessionUser;
  request: GenerateRequest;
  settings: GenerationSettings;
  writer: Writer;
  brief: ContentBrief;
  /** What drafts are scored against, loaded once with the brief. */
  reference: QualityReference;
  /** performance.now() when the request started being handled (provenance duration). */
  startedAt: number;
}

/** Validates references, takes one unit of the user's budget and builds the brief. */
export async function prepareGeneration(
  ctx: AppContext,
  actor: SessionUser,
  request: GenerateRequest,
  log?: WriterLogger,
): Promise<PreparedGeneration> {
  contentPolicy.authorize(actor, "generate");
  const startedAt = performance.now();
  const [{ brief, reference }, settings, writer] = await Promise.all([
    loadBriefContext(ctx, {
      personaId: request.personaId,
      industryId: request.industryId,
      buyingStage: request.buyingStage,
      contentType: request.contentType,
      topic: request.contentTopic,
      keyMetrics: request.keyMetricsToInclude ?? [],
      featuredSolutions: request.featuredSolutions ?? [],
      primaryKeyword: request.primaryKeyword,
      useBenchmarkExamples: request.useBenchmarkExamples,
    }),
    getGenerationSettings(ctx.db),
    getWriter(ctx, { log }),
  ]);
  // A banned phrase in the topic would be asked of the writer and then refused in its answer:
  // say which phrase now, before any call is made or budget spent.
  const banned = matcherFor(reference.bannedPhrases).find(normaliseForMatch(request.contentTopic));
  if (banned.length > 0) {
    const message = `The topic contains the banned phrase "${banned[0]}": rephrase the topic without it.`;
    throw fieldError("contentTopic", message);
  }
  await consumeGenerationBudget(ctx, actor, writer);
  return { actor, request, settings, writer, brief, reference, startedAt };
}

/**
 * Draft → quality check → optional refinement → store, as one unit: nothing is stored unless
 * every step succeeded and the client is still there. Writer failures become AppErrors with
 * the writer's message.
 */
export async function runGeneration(
  ctx: AppContext,
  prepared: PreparedGeneration,
  options: { signal: AbortSignal; onEvent?: (event: GenerationEvent) => void },
): Promise<GeneratedContent> {
  const { signal, explain } = pipelineSignal(options.signal);
  const deadlineAt = Date.now() + GENERATION_DEADLINE_MS;
  const { request, settings, writer, brief } = prepared;
  const run: PipelineRun = {
    ctx,
    writer,
    brief,
    reference: prepared.reference,
    signal,
    onEvent: options.onEvent,
    usage: { inputTokens: 0, outputTokens: 0 },
  };
  try {
    const first = await writeDraft(run);
    let kept = first;
    let qualityCheck: QualityCheckSummary | null = null;
    let rounds = 0;
    let review: EditorReview | null = null;
    if (request.performQualityCheck) {
      const result = await checkAndRefine(run, first, {
        autoRefine: request.autoRefine,
        autoRefineThreshold: settings.autoRefineThreshold,
        qualityThreshold: settings.qualityThreshold,
      });
      kept = result.draft;
      rounds = result.rounds;
      // The editor's review reads the kept draft only, never the intermediate candidates.
      review = await runEditorReview({
        enabled: settings.editorReview,
        caller: modelCallerOf(writer),
        target: reviewTargetOf(brief),
        piece: kept,
        signal: options.signal,
        timeoutMs: reviewTimeoutWithin(ctx, deadlineAt - Date.now()),
      });
      const report = combineWithReview(result.report, review);
      // Without a refinement the first draft is the kept one: both show the combined score.
      const before = rounds === 0 ? report.overall : result.before;
      qualityCheck = {
        before,
        after: report.overall,
        improvement: improvement(before, report.overall),
        threshold: settings.qualityThreshold,
        meetsStandards: meetsQualityStandards(report.overall, settings.qualityThreshold),
        benchmarkComparison: await benchmarkComparison(ctx, kept, report),
        refinementRounds: rounds,
        report,
      };
    }

    signal.throwIfAborted();
    options.onEvent?.({ type: "stage", stage: "saving" });
    const id = randomUUID();
    // Which model, prompt and examples made it, at what cost: stored, and answered as metadata.
    const source = {
      provider: writer.provider,
      model: writer.model,
      promptVersion: PROMPT_VERSION,
      exampleIds: [...brief.goodExamples, ...brief.badExamples].map((e) => e.id),
      usage: { ...run.usage },
      durationMs: Math.round(performance.now() - prepared.startedAt),
    };
    const provenance = {
      ...source,
      refinementRounds: rounds,
      ...(review
        ? {
            review: {
              status: review.status,
              tokens: review.tokens,
              durationMs: review.durationMs,
            },
          }
        : {}),
    };
    await ctx.db.transaction().execute(async (trx) => {
      // Stored by the library (the items' only writer) with version 1 and its history event.
      await createLibraryItem(trx, {
        id,
        title: kept.headline.slice(0, 300),
        content_type: request.contentType,
        persona_id: brief.persona.id,
        industry_id: brief.industry.id,
        buying_stage: request.buyingStage,
        topic: request.contentTopic,
        headline: kept.headline,
        introduction: kept.introduction,
        body: kept.body,
        conclusion: kept.conclusion,
        image_prompt: kept.imagePrompt,
        key_metrics: JSON.stringify(brief.keyMetrics),
        featured_solutions: JSON.stringify(brief.solutions.map((s) => s.name)),
        primary_keyword: brief.primaryKeyword ?? null,
        quality_before: qualityCheck?.before ?? null,
        quality_after: qualityCheck?.after ?? null,
        quality_report: qualityCheck ? JSON.stringify(qualityCheck.report) : null,
        provenance: JSON.stringify(provenance),
        created_by: prepared.actor.id,
      });
      // The client may have left while we were writing: then the transaction rolls back.
      signal.throwIfAborted();
    });

    return {
      contentItemId: id,
      // The stored item is a fresh draft.
      can: contentItemCapabilitiesFor(prepared.actor, {
        status: "draft",
        deleted_at: null,
        created_by: prepared.actor.id,
      }),
      qualityCheck,
      content: {
        headline: kept.headline,
        introduction: kept.introduction,
        body: kept.body,
        conclusion: kept.conclusion,
      },
      metadata: {
        targetIndustry: brief.industry.name,
        targetPersona: brief.persona.title,
        buyingStage: request.buyingStage,
        contentType: request.contentType,
        contentTopic: request.contentTopic,
        ...source,
        imagePrompt: kept.imagePrompt,
      },
    };
  } catch (error) {
    throw toAppError(explain(error));
  }
}

/** One-shot generation for POST /api/generate-content. */
export async function generateContent(
  ctx: AppContext,
  actor: SessionUser,
  request: GenerateRequest,
  signal: AbortSignal,
  log?: WriterLogger,
): Promise<GeneratedContent> {
  const prepared = await prepareGeneration(ctx, actor, request, log);
  return runGeneration(ctx, prepared, { signal });
}

/**
 * The benchmark sentence for the kept text: its closest good and closest bad example, looking
 * beyond the report's nearest few when a category is missing there.
 */
export async function benchmarkComparison(
  ctx: AppContext,
  draft: { headline: string; introduction: string; body: string; conclusion: string },
  report: QualityReport,
): Promise<string> {
  let good = bestSimilarity(report.nearestExamples, "good");
  let bad = bestSimilarity(report.nearestExamples, "bad");
  if (good === undefined || bad === undefined) {
    const text = [
      draft.headline,
      draft.introduction,
      htmlToText(draft.body),
      draft.conclusion,
    ].join("\n");
    const [moreGood, moreBad] = await Promise.all([
      good === undefined ? findSimilarExamples(ctx, text, { category: "good", k: 1 }) : [],
      bad === undefined ? findSimilarExamples(ctx, text, { category: "bad", k: 1 }) : [],
    ]);
    good ??= moreGood[0]?.similarity;
    bad ??= moreBad[0]?.similarity;
  }
  return benchmarkComparisonSentence(good, bad);
}
