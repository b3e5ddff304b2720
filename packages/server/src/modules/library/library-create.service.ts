// New items: version 1 and the created event of a generation, and duplicates.
import { randomUUID } from "node:crypto";
import { type LibraryItemDetail } from "@content-studio/contract";
import type { Transaction } from "kysely";
import type { AppContext } from "../../app-context";
import type { Database, NewContentItem } from "../../db/types";
import type { SessionUser } from "../../plugins/access";
import { textSectionsOf } from "../../lib/text-sections";
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
        ...textSectionsOf(row),
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
  history: NewItemHistory = {},
): Promise<void> {
  await createLibraryItems(trx, [row], history);
}

/** How a new item's history begins: its note and whether it was created or duplicated. */
interface NewItemHistory {
  note?: string;
  kind?: "created" | "duplicated";
}

/**
 * Stores new items as `createLibraryItem` does, set-based: three inserts, whatever the number
 * of items (a bulk load). Keep `rows` to a few hundred: each row binds one parameter a column.
 */
export async function createLibraryItems(
  trx: Transaction<Database>,
  rows: NewLibraryItem[],
  { note, kind }: NewItemHistory = {},
): Promise<void> {
  if (rows.length === 0) return;
  await repo.insertLibraryItem(trx, rows);
  const firsts = rows.map((row) => ({
    row,
    at: row.created_at === undefined ? new Date() : new Date(row.created_at),
    actorId: row.created_by ?? null,
  }));
  await repo.insertContentVersion(
    trx,
    firsts.map(({ row, at, actorId }) => ({
      content_item_id: row.id,
      version: 1,
      title: row.title,
      ...textSectionsOf(row),
      quality_score: row.quality_after ?? null,
      quality_report: row.quality_report ?? null,
      note: note ?? "Generated",
      created_by: actorId,
      created_at: at,
    })),
  );
  await repo.insertEvent(
    trx,
    firsts.map(({ row, at, actorId }) => ({
      id: randomUUID(),
      content_item_id: row.id,
      kind: kind ?? "created",
      to_status: "draft" as const,
      version: 1,
      note: note ?? null,
      actor_id: actorId,
      created_at: at,
    })),
  );
}
