import { createOpenAI } from "@ai-sdk/openai";
import {
  CONTENT_TYPE_LABELS,
  type BuyingStage,
  type ContentItem,
  type ContentSectionId,
  type ContentType,
  type ContentVariations,
  type ExampleDetail,
  type OptimizeContentBody,
  type OptimizeContentResult,
  type RepurposeBody,
  type SaveAsExampleBody,
  type UpdateContentBody,
  type Visualization,
  type VisualizeBody,
} from "@content-studio/contract";
import { generateImage } from "ai";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { htmlToText } from "../../lib/html";
import type { SessionUser } from "../../plugins/access";
import { getWriter, resolveAiChoice } from "../ai/ai-provider.service";
import type { WriterLogger } from "../ai/llm-writer";
import type { ContentBrief, DraftContent, RepurposedContent } from "../ai/writer";
import { createExample } from "../examples/examples.service";
import { buildBrief } from "../generation/brief";
import { consumeGenerationBudget } from "../generation/generation-limit";
import {
  critiqueOf,
  incompleteOutputError,
  isComplete,
  pipelineSignal,
  sanitizeDraft,
  scoreDraft,
  writeRefinement,
  type PipelineRun,
} from "../generation/pipeline";
import { buildRepurposePrompt } from "../generation/prompt";
import { MAX_OUTPUT_TOKENS, RepurposedContentSchema } from "../generation/schemas";
import { toAppError } from "../generation/writer-errors";
import { getBannedPhrases } from "../quality/quality.service";
import * as repo from "./content.repository";
import { presentContentItem } from "./content.presenter";
import { metricsFromText, renderInfographic } from "./infographic";
import { enforceRepurposeLimits, repurposeViolations } from "./limits";

const NOT_FOUND = "Content not found.";

async function loadItem(ctx: AppContext, id: string): Promise<repo.ContentItemDetailRow> {
  const row = await repo.findContentItem(ctx.db, id);
  if (!row) throw new AppError("not_found", NOT_FOUND);
  return row;
}

export async function getContentItem(ctx: AppContext, id: string): Promise<ContentItem> {
  return presentContentItem(await loadItem(ctx, id));
}

/** The brief of a stored item (no examples: refinements and repurposing work from the text). */
function briefOf(
  ctx: AppContext,
  row: repo.ContentItemDetailRow,
  primaryKeyword?: string,
): Promise<ContentBrief> {
  return buildBrief(ctx, {
    personaId: row.persona_id,
    industryId: row.industry_id,
    buyingStage: row.buying_stage as BuyingStage,
    contentType: row.content_type as ContentType,
    topic: row.topic,
    keyMetrics: row.key_metrics,
    featuredSolutions: row.featured_solutions,
    primaryKeyword: primaryKeyword || row.primary_keyword || undefined,
    useBenchmarkExamples: false,
    lenient: true,
  });
}

function draftOf(row: repo.ContentItemDetailRow): DraftContent {
  return {
    headline: row.headline,
    introduction: row.introduction,
    body: row.body,
    conclusion: row.conclusion,
    imagePrompt: row.image_prompt,
  };
}

/** Replaces the sections: the body is sanitised again and the text re-scored. */
export async function updateContentItem(
  ctx: AppContext,
  id: string,
  input: UpdateContentBody,
): Promise<ContentItem> {
  const row = await loadItem(ctx, id);
  const draft = sanitizeDraft({
    headline: input.headline,
    introduction: input.introduction,
    body: input.body,
    conclusion: input.conclusion,
    imagePrompt: input.imagePrompt ?? row.image_prompt,
  });
  if (!draft.body) throw new AppError("validation_error", "Body is required.");
  const report = await scoreDraft(ctx, await briefOf(ctx, row), draft);
  // The title follows the headline unless someone gave it its own wording.
  const title = input.title ?? (row.title === row.headline ? draft.headline : row.title);
  const updated = await repo.updateContentSections(ctx.db, id, {
    title: title.slice(0, 300),
    headline: draft.headline,
    introduction: draft.introduction,
    body: draft.body,
    conclusion: draft.conclusion,
    image_prompt: draft.imagePrompt,
    quality_after: report.overall,
    quality_report: JSON.stringify(report),
  });
  if (!updated) throw new AppError("not_found", NOT_FOUND);
  return getContentItem(ctx, id);
}

const SECTIONS: ContentSectionId[] = ["headline", "introduction", "body", "conclusion"];

/**
 * One refinement round with the current critique (and the primary keyword, when given).
 * Nothing is saved: the user keeps the candidate with PUT /api/content/:id or drops it.
 */
export async function optimizeContentItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: OptimizeContentBody,
  clientSignal: AbortSignal,
  log?: WriterLogger,
): Promise<OptimizeContentResult> {
  const row = await loadItem(ctx, id);
  const keyword = input.primaryKeyword?.trim() || undefined;
  const [brief, writer, phrases] = await Promise.all([
    briefOf(ctx, row, keyword),
    getWriter(ctx, { log }),
    getBannedPhrases(ctx),
  ]);
  await consumeGenerationBudget(ctx, actor, writer);
  const current = draftOf(row);
  const before = await scoreDraft(ctx, brief, current);
  const extra = keyword
    ? [
        `Use the primary keyword "${keyword}" in the headline, in the introduction and in at least one h2 or h3 subheading, naturally.`,
      ]
    : [];
  const { signal, explain } = pipelineSignal(clientSignal);
  const run: PipelineRun = {
    ctx,
    writer,
    brief,
    bannedPhrases: phrases,
    signal,
    usage: { inputTokens: 0, outputTokens: 0 },
  };
  let candidate: DraftContent;
  try {
    candidate = await writeRefinement(run, current, critiqueOf(before, extra), 1);
    if (!isComplete(candidate)) throw incompleteOutputError();
  } catch (error) {
    throw toAppError(explain(error));
  }
  const after = await scoreDraft(ctx, brief, candidate);
  const sections = {
    headline: candidate.headline,
    introduction: candidate.introduction,
    body: candidate.body,
    conclusion: candidate.conclusion,
  };
  return {
    candidate: sections,
    before,
    after,
    diff: SECTIONS.filter((s) => current[s] !== sections[s]).map((section) => ({
      section,
      before: current[section],
      after: sections[section],
    })),
  };
}

/** Image size asked of OpenAI's image model (16:9-ish, like the built-in infographic). */
const OPENAI_IMAGE = { model: "gpt-image-1", size: "1536x1024" } as const;
const IMAGE_DEADLINE_MS = 100_000;

/**
 * An image for the item: OpenAI's image model when OpenAI is the current provider and has a
 * key; otherwise (or when that fails) the built-in SVG infographic of the headline and key
 * metrics. Saved with the item.
 */
export async function visualizeContentItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: VisualizeBody,
  clientSignal: AbortSignal,
  log: WriterLogger,
): Promise<Visualization> {
  const row = await loadItem(ctx, id);
  const prompt = input.imagePrompt?.trim() || row.image_prompt || row.headline;
  const provider = await resolveAiChoice(ctx, log);
  const openai = ctx.config.ai.openai;
  let note: string | null = null;
  let visualization: Visualization | undefined;

  if (provider.provider === "openai" && openai.apiKey) {
    await consumeGenerationBudget(ctx, actor, { provider: "openai" });
    const { signal } = pipelineSignal(clientSignal, IMAGE_DEADLINE_MS);
    try {
      const model = createOpenAI({ apiKey: openai.apiKey, baseURL: openai.baseUrl }).image(
        OPENAI_IMAGE.model,
      );
      const { image } = await generateImage({
        model,
        prompt,
        size: OPENAI_IMAGE.size,
        n: 1,
        // A failure falls back to the built-in infographic at once; the user can try again.
        maxRetries: 0,
        abortSignal: signal,
      });
      if (image.mediaType !== "image/png") {
        throw new Error(`unexpected image type ${image.mediaType}`);
      }
      visualization = {
        kind: "png",
        mime: "image/png",
        data: image.base64,
        prompt,
        source: "openai",
        note: null,
        createdAt: new Date().toISOString(),
      };
    } catch (error) {
      if (clientSignal.aborted)
        throw new AppError("provider_error", "Visualization was cancelled.");
      note =
        "OpenAI's image model did not return an image, so the built-in infographic was drawn instead.";
      log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        "visualize: image model failed, used the built-in infographic",
      );
    }
  }

  if (!visualization) {
    const catalogName = (await briefOf(ctx, row)).companyName;
    const metrics =
      row.key_metrics.length > 0
        ? row.key_metrics
        : metricsFromText([row.introduction, htmlToText(row.body), row.conclusion].join("\n"));
    visualization = {
      kind: "svg",
      mime: "image/svg+xml",
      data: renderInfographic({
        headline: row.headline,
        metrics,
        companyName: catalogName,
        subtitle: `${CONTENT_TYPE_LABELS[row.content_type as ContentType]} for the ${row.persona_title} in ${row.industry_name}`,
      }),
      prompt,
      source: "builtin",
      note,
      createdAt: new Date().toISOString(),
    };
  }
  if (!(await repo.updateContentVisualization(ctx.db, id, visualization))) {
    throw new AppError("not_found", NOT_FOUND);
  }
  return visualization;
}

/**
 * LinkedIn, X, email subjects and a newsletter blurb from the item, within each channel's
 * limit: an over-long answer is regenerated once with the violations named, and whatever is
 * still too long is cut at a sentence boundary. Saved with the item.
 */
export async function repurposeContentItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: RepurposeBody,
  clientSignal: AbortSignal,
  log?: WriterLogger,
): Promise<ContentVariations> {
  const row = await loadItem(ctx, id);
  const previous = presentContentItem(row).repurposed;
  const variation = input.variation ?? (previous?.variation ?? 0) + 1;
  const [brief, writer] = await Promise.all([briefOf(ctx, row), getWriter(ctx, { log })]);
  await consumeGenerationBudget(ctx, actor, writer);
  const draft = draftOf(row);
  const { signal, explain } = pipelineSignal(clientSignal);

  const write = async (feedback: string[]) => {
    const { object } = await writer.write<RepurposedContent>({
      task: { kind: "repurpose", brief, draft, variation },
      prompt: buildRepurposePrompt(brief, draft, variation, feedback),
      schema: RepurposedContentSchema,
      maxOutputTokens: MAX_OUTPUT_TOKENS.repurpose,
      signal,
    });
    return object;
  };

  let result: RepurposedContent;
  try {
    result = await write([]);
    const violations = repurposeViolations(result);
    if (violations.length > 0) result = await write(violations);
    signal.throwIfAborted();
  } catch (error) {
    throw toAppError(explain(error));
  }
  const fitted = enforceRepurposeLimits(result);
  const variations: ContentVariations = {
    linkedin: fitted.linkedin,
    x: fitted.x,
    emailSubjects: fitted.emailSubjects,
    newsletter: fitted.newsletter,
    variation,
    provider: writer.provider,
    model: writer.model,
    createdAt: new Date().toISOString(),
  };
  if (!(await repo.updateContentRepurposed(ctx.db, id, variations))) {
    throw new AppError("not_found", NOT_FOUND);
  }
  return variations;
}

/** "Save as example": the item becomes a hand-made example (its body HTML is kept as is). */
export async function saveContentAsExample(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: SaveAsExampleBody,
): Promise<ExampleDetail> {
  const row = await loadItem(ctx, id);
  return createExample(ctx.db, actor, {
    title: (input.title ?? row.title).slice(0, 200),
    category: input.category,
    contentType: row.content_type as ContentType,
    personaId: row.persona_id,
    industryId: row.industry_id,
    buyingStage: row.buying_stage as BuyingStage,
    tags: input.tags ?? [],
    notes: input.notes ?? "",
    headline: row.headline,
    introduction: row.introduction,
    body: row.body,
    conclusion: row.conclusion,
  });
}
