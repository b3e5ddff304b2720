// The Trash: delete, restore and purge, and the scheduled purge of expired items.
import { randomUUID } from "node:crypto";
import { TRASH_RETENTION_DAYS, type LibraryItemDetail } from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { AppContext } from "../../app-context";
import type { Database } from "../../db/types";
import type { SessionUser } from "../../plugins/access";
import * as repo from "./library.repository";
import {
  auditContent,
  authorize,
  DAY_MS,
  getLibraryItem,
  loadItem,
  lockUnchanged,
} from "./library-item.service";

/** Moves an item to the Trash (purged after TRASH_RETENTION_DAYS). */
export async function trashLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<void> {
  await moveTrash(ctx, actor, id, "delete");
}

export async function restoreLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<LibraryItemDetail> {
  await moveTrash(ctx, actor, id, "restore");
  return getLibraryItem(ctx, actor, id);
}

const TRASH_MOVES = {
  delete: { event: "deleted", audit: "content.deleted" },
  restore: { event: "restored", audit: "content.restored" },
} as const;

/** Moves an item into the Trash or out of it, with its history event and audit entry. */
async function moveTrash(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  move: keyof typeof TRASH_MOVES,
): Promise<void> {
  const row = await loadItem(ctx.db, id);
  authorize(actor, move, row);
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockUnchanged(trx, row);
    // Trashing stamps the item and its event with one time; restoring clears the stamp.
    const now = move === "delete" ? new Date() : null;
    await repo.updateLibraryItem(trx, id, {
      deleted_at: now,
      deleted_by: now ? actor.id : null,
    });
    await repo.insertEvent(trx, {
      id: randomUUID(),
      content_item_id: id,
      kind: TRASH_MOVES[move].event,
      from_status: locked.status,
      to_status: locked.status,
      version: locked.version,
      actor_id: actor.id,
      ...(now && { created_at: now }),
    });
    await auditContent(trx, actor, TRASH_MOVES[move].audit, row);
  });
}

/** Deletes an item from the Trash for good (with its versions and history). */
export async function purgeLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<void> {
  const row = await loadItem(ctx.db, id);
  authorize(actor, "purge", row);
  await ctx.db.transaction().execute(async (trx) => {
    await lockUnchanged(trx, row);
    await repo.deleteLibraryItem(trx, id);
    await auditContent(trx, actor, "content.purged", row);
  });
}

/** Purges everything that has been in the Trash for TRASH_RETENTION_DAYS as of `now`. */
export function purgeExpiredTrash(db: Kysely<Database>, now: Date): Promise<number> {
  return repo.purgeTrashBefore(db, new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS));
}

/** The job engine's queue of Trash purges. */
export const TRASH_PURGE_QUEUE = "library-trash-purge";

/**
 * The scheduled purge on the job engine: every hour (a cron schedule kept once for all
 * instances), and once at start. A job may name the moment it purges as of (`asOf`).
 */
export function defineTrashPurge(
  ctx: Pick<AppContext, "db" | "jobEngine">,
  log: { info(o: object, msg: string): void },
): void {
  ctx.jobEngine.define<{ asOf?: string }>({
    name: TRASH_PURGE_QUEUE,
    // Notify-enabled: a purge sent (by the schedule, at start, or by hand) wakes a worker at once;
    // polling only finds retries.
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, notify: true },
    worker: {
      handler: async (job) => {
        const purged = await purgeExpiredTrash(
          ctx.db,
          job.data.asOf ? new Date(job.data.asOf) : new Date(),
        );
        if (purged > 0) log.info({ purged }, "library: purged expired Trash items");
      },
    },
  });
}

/** Schedules the hourly purge and runs one now (a second instance's start adds none). */
export async function scheduleTrashPurge(ctx: Pick<AppContext, "db" | "jobEngine">) {
  await ctx.jobEngine.schedule(TRASH_PURGE_QUEUE, "0 * * * *");
  await ctx.jobEngine.send(
    ctx.db,
    TRASH_PURGE_QUEUE,
    {},
    { singletonKey: "start", singletonSeconds: 300 },
  );
}
