// The Trash: delete, restore and purge, and the scheduled purge of expired items.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
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
  const row = await loadItem(ctx.db, id);
  authorize(actor, "delete", row);
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockUnchanged(trx, row);
    const now = new Date();
    await repo.updateLibraryItem(trx, id, { deleted_at: now, deleted_by: actor.id });
    await repo.insertEvent(trx, {
      id: randomUUID(),
      content_item_id: id,
      kind: "deleted",
      from_status: locked.status,
      to_status: locked.status,
      version: locked.version,
      actor_id: actor.id,
      created_at: now,
    });
    await auditContent(trx, actor, "content.deleted", row);
  });
}

export async function restoreLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<LibraryItemDetail> {
  const row = await loadItem(ctx.db, id);
  authorize(actor, "restore", row);
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockUnchanged(trx, row);
    await repo.updateLibraryItem(trx, id, { deleted_at: null, deleted_by: null });
    await repo.insertEvent(trx, {
      id: randomUUID(),
      content_item_id: id,
      kind: "restored",
      from_status: locked.status,
      to_status: locked.status,
      version: locked.version,
      actor_id: actor.id,
    });
    await auditContent(trx, actor, "content.restored", row);
  });
  return getLibraryItem(ctx, actor, id);
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

export const TRASH_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The scheduled purge: once at start, then every hour, until shutdown aborts it. Safe on
 * several instances (the delete is idempotent).
 */
export function startTrashPurger(
  ctx: Pick<AppContext, "db" | "jobs">,
  log: { info(o: object, msg: string): void; error(o: object, msg: string): void },
  options: { intervalMs?: number; now?: () => Date } = {},
): void {
  const interval = options.intervalMs ?? TRASH_PURGE_INTERVAL_MS;
  const now = options.now ?? (() => new Date());
  ctx.jobs.run(
    "library:trash-purge",
    async (signal) => {
      while (!signal.aborted) {
        try {
          const purged = await purgeExpiredTrash(ctx.db, now());
          if (purged > 0) log.info({ purged }, "library: purged expired Trash items");
        } catch (error) {
          if (signal.aborted) return;
          log.error({ err: error }, "library: Trash purge failed");
        }
        await sleep(interval, undefined, { signal }).catch(() => undefined);
      }
    },
    (error) => log.error({ err: error }, "library: Trash purger stopped"),
  );
}
