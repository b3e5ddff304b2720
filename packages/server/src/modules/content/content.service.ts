import type { AppContext } from "../../app-context";
import type { PolicyActor } from "../../lib/policy";
import type { ContentBrief, DraftContent } from "../ai/writer";
import { duplicateFamily } from "../library/library-index";
import { loadItem as loadLibraryItem } from "../library/library-item.service";
import { loadBriefContext, type BriefContext } from "./brief";
import { authorizeItemAction, type ContentItemAction } from "./content.policy";

/** A stored item as the use cases read it (the library's row: the library owns the items). */
export type ItemRow = Awaited<ReturnType<typeof loadLibraryItem>>;

/**
 * The stored item, when the actor may do `action` on it: 404 "Content not found." (read
 * through the library's service), else 403 when the item's policy refuses.
 */
export async function loadItemFor(
  ctx: AppContext,
  actor: PolicyActor,
  action: ContentItemAction,
  id: string,
): Promise<ItemRow> {
  const row = await loadLibraryItem(ctx.db, id);
  authorizeItemAction(actor, action, row);
  return row;
}

/** The brief of a stored item (no examples: refinements and repurposing work from the text). */
export function briefOf(
  ctx: AppContext,
  row: ItemRow,
  primaryKeyword?: string,
): Promise<ContentBrief> {
  return briefContextOf(ctx, row, primaryKeyword).then((c) => c.brief);
}

/** The brief of a stored item and the reference its drafts are scored against, loaded once. */
export async function briefContextOf(
  ctx: AppContext,
  row: ItemRow,
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

export function draftOf(row: ItemRow): DraftContent {
  return {
    headline: row.headline,
    introduction: row.introduction,
    body: row.body,
    conclusion: row.conclusion,
    imagePrompt: row.image_prompt,
  };
}
