import type { ContentItem, UpdateContentBody } from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import type { ContentBrief, DraftContent } from "../ai/writer";
import { loadBriefContext, type BriefContext } from "./brief";
import * as repo from "./content.repository";
import { presentContentItem } from "./content.presenter";
import { sanitizeDraft, scoreDraft } from "./pipeline";

export const NOT_FOUND = "Content not found.";

export async function loadItem(ctx: AppContext, id: string): Promise<repo.ContentItemDetailRow> {
  const row = await repo.findContentItem(ctx.db, id);
  if (!row) throw new AppError("not_found", NOT_FOUND);
  return row;
}

export async function getContentItem(ctx: AppContext, id: string): Promise<ContentItem> {
  return presentContentItem(await loadItem(ctx, id));
}

/** The brief of a stored item (no examples: refinements and repurposing work from the text). */
export function briefOf(
  ctx: AppContext,
  row: repo.ContentItemDetailRow,
  primaryKeyword?: string,
): Promise<ContentBrief> {
  return briefContextOf(ctx, row, primaryKeyword).then((c) => c.brief);
}

/** The brief of a stored item and the reference its drafts are scored against, loaded once. */
export function briefContextOf(
  ctx: AppContext,
  row: repo.ContentItemDetailRow,
  primaryKeyword?: string,
): Promise<BriefContext> {
  return loadBriefContext(ctx, {
    personaId: row.persona_id,
    industryId: row.industry_id,
    buyingStage: row.buying_stage,
    contentType: row.content_type,
    topic: row.topic,
    keyMetrics: row.key_metrics,
    featuredSolutions: row.featured_solutions,
    primaryKeyword: primaryKeyword || row.primary_keyword || undefined,
    useBenchmarkExamples: false,
    lenient: true,
  });
}

export function draftOf(row: repo.ContentItemDetailRow): DraftContent {
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
  const { brief, reference } = await briefContextOf(ctx, row);
  const report = scoreDraft(reference, brief, draft);
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
