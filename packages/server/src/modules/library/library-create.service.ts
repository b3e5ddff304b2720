// New items: version 1 and the created event of a generation, and duplicates.
import { randomUUID } from "node:crypto";
import { type LibraryItemDetail } from "@content-studio/contract";
import type { Transaction } from "kysely";
import type { AppContext } from "../../app-context";
import type { Database, NewContentItem } from "../../db/types";
import type { SessionUser } from "../../plugins/access";
import * as repo from "./library.repository";
import { authorize, getLibraryItem, loadItem } from "./library-item.service";

/** A new draft with the same text and audience (version 1, its own history). */
export async function duplicateLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<LibraryItemDetail> {
  const row = await loadItem(ctx.db, id);
  authorize(actor, "duplicate", row);
  const copyId = randomUUID();
  const now = new Date();
  const title = `${row.title} (copy)`.slice(0, 300);
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  await ctx.db.transaction().execute((trx) =>
    createLibraryItem(
      trx,
      {
        id: copyId,
        title,
        content_type: row.content_type,
        persona_id: row.persona_id,
        industry_id: row.industry_id,
        buying_stage: row.buying_stage,
        topic: row.topic,
        headline: row.headline,
        introduction: row.introduction,
        body: row.body,
        conclusion: row.conclusion,
        image_prompt: row.image_prompt,
        key_metrics: JSON.stringify(row.key_metrics),
        featured_solutions: JSON.stringify(row.featured_solutions),
        primary_keyword: row.primary_keyword,
        visualization: json(row.visualization),
        repurposed: json(row.repurposed),
        quality_before: row.quality_before,
        quality_after: row.quality_after,
        quality_report: json(row.quality_report),
        provenance: JSON.stringify(row.provenance),
        created_by: actor.id,
        updated_by: actor.id,
        created_at: now,
        updated_at: now,
        duplicated_from: row.id,
      },
      { note: `Duplicated from "${row.title}"`, kind: "duplicated" },
    ),
  );
  return getLibraryItem(ctx, actor, copyId);
}

/** A new item's row: its id, text, audience, scores and author. */
export type NewLibraryItem = NewContentItem & { id: string };

/**
 * Stores a new item (a generation, a campaign kit's asset, a duplicate) with its version 1 and
 * its "created" history event, in the caller's transaction: the library is the only writer of
 * items, so the generation pipeline and the kits call this rather than inserting a row.
 */
export async function createLibraryItem(
  trx: Transaction<Database>,
  row: NewLibraryItem,
  history: { note?: string; kind?: "created" | "duplicated" } = {},
): Promise<void> {
  await repo.insertLibraryItem(trx, row);
  await recordNewItem(trx, {
    id: row.id,
    title: row.title,
    headline: row.headline,
    introduction: row.introduction,
    body: row.body,
    conclusion: row.conclusion,
    qualityScore: row.quality_after ?? null,
    qualityReport: row.quality_report ?? null,
    actorId: row.created_by ?? null,
    note: history.note,
    kind: history.kind,
    at: row.created_at === undefined ? undefined : new Date(row.created_at),
  });
}

/** Version 1 and the "created" event of a new item, in the transaction that inserts it. */
async function recordNewItem(
  trx: Transaction<Database>,
  item: {
    id: string;
    title: string;
    headline: string;
    introduction: string;
    body: string;
    conclusion: string;
    qualityScore: number | null;
    qualityReport: string | null;
    actorId: string | null;
    note?: string;
    kind?: "created" | "duplicated";
    at?: Date;
  },
): Promise<void> {
  const at = item.at ?? new Date();
  await repo.insertContentVersion(trx, {
    content_item_id: item.id,
    version: 1,
    title: item.title,
    headline: item.headline,
    introduction: item.introduction,
    body: item.body,
    conclusion: item.conclusion,
    quality_score: item.qualityScore,
    quality_report: item.qualityReport,
    note: item.note ?? "Generated",
    created_by: item.actorId,
    created_at: at,
  });
  await repo.insertEvent(trx, {
    id: randomUUID(),
    content_item_id: item.id,
    kind: item.kind ?? "created",
    to_status: "draft",
    version: 1,
    note: item.note ?? null,
    actor_id: item.actorId,
    created_at: at,
  });
}
