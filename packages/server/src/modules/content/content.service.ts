import type { ContentItem, UpdateContentBody } from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import type { SessionUser } from "../../plugins/access";
import type { ContentBrief, DraftContent } from "../ai/writer";
import { duplicateFamily } from "../library/library-index";
import { saveLibraryItem } from "../library/library-edit.service";
import { loadBriefContext, type BriefContext } from "./brief";
import * as repo from "./content.repository";
import { presentContentItem } from "./content.presenter";

export const NOT_FOUND = "Content not found.";

export async function loadItem(ctx: AppContext, id: string): Promise<repo.ContentItemDetailRow> {
  const row = await repo.findContentItem(ctx.db, id);
  if (!row) throw new AppError("not_found", NOT_FOUND);
  return row;
}

export async function getContentItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<ContentItem> {
  return presentContentItem(await loadItem(ctx, id), actor);
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
export async function briefContextOf(
  ctx: AppContext,
  row: repo.ContentItemDetailRow,
  primaryKeyword?: string,
): Promise<BriefContext> {
  const [context, family] = await Promise.all([
    loadBriefContext(ctx, {
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
    }),
    duplicateFamily(ctx, row.id),
  ]);
  // The item's own text (and its duplicates') is not a near-duplicate of other work.
  return { ...context, reference: { ...context.reference, excludeLibraryIds: family } };
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

/**
 * Replaces the sections: the library's save (allow-list, re-score, a new version, the
 * lifecycle rules), answered as a ContentItem.
 */
export async function updateContentItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: UpdateContentBody,
): Promise<ContentItem> {
  await saveLibraryItem(ctx, actor, id, input);
  return getContentItem(ctx, actor, id);
}
