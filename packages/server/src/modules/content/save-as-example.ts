import type { ExampleDetail, SaveAsExampleBody } from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import type { SessionUser } from "../../plugins/access";
import { createExample } from "../examples/examples.service";
import { loadItemFor } from "./content.service";

/** "Save as example": the item becomes a hand-made example (its body HTML is kept as is). */
export async function saveContentAsExample(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: SaveAsExampleBody,
): Promise<ExampleDetail> {
  const row = await loadItemFor(ctx, actor, "saveAsExample", id);
  return createExample(ctx.db, actor, {
    title: (input.title ?? row.title).slice(0, 200),
    category: input.category,
    contentType: row.content_type,
    personaId: row.persona_id,
    industryId: row.industry_id,
    buyingStage: row.buying_stage,
    tags: input.tags ?? [],
    notes: input.notes ?? "",
    headline: row.headline,
    introduction: row.introduction,
    body: row.body,
    conclusion: row.conclusion,
  });
}
