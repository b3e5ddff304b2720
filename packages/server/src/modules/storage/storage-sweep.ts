import type { AppContext } from "../../app-context";
import type { ObjectStore } from "./object-store";

/**
 * A module that keeps files in the object store, below its own key prefix, and knows which of
 * them its rows still refer to.
 */
export interface StoredFileOwner {
  /** The first segment of its keys (`uploads`, `exports`). */
  prefix: string;
  /** Forgets references that have run out (finished runs, expired exports), as of `now`. */
  expire?(now: Date): Promise<void>;
  /** Of these keys, those a row still refers to. */
  kept(keys: string[]): Promise<Set<string>>;
}

export const STORAGE_SWEEP_QUEUE = "stored-file-sweep";
/**
 * An object younger than this is left alone: objects are written before the row that refers
 * to them, so a young one may belong to a transaction still running.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
/** Keys looked up per query. */
const PAGE = 500;

/**
 * Deletes what no row refers to any more: objects whose owner was deleted or finished, an
 * export past its day, a write whose transaction failed and whose delete failed too. Answers
 * how many objects it deleted.
 */
export async function sweepStoredFiles(
  store: ObjectStore,
  owners: StoredFileOwner[],
  now: Date,
): Promise<number> {
  const before = now.getTime() - SWEEP_GRACE_MS;
  let deleted = 0;
  for (const owner of owners) {
    await owner.expire?.(now);
    let page: string[] = [];
    const flush = async () => {
      const keep = await owner.kept(page);
      for (const key of page) {
        if (keep.has(key)) continue;
        await store.delete(key);
        deleted += 1;
      }
      page = [];
    };
    for await (const object of store.list(`${owner.prefix}/`)) {
      if (object.lastModified.getTime() > before) continue;
      page.push(object.key);
      if (page.length >= PAGE) await flush();
    }
    if (page.length > 0) await flush();
  }
  return deleted;
}

/**
 * The sweep on the job engine: hourly (a cron schedule kept once for all instances) and once
 * at start, when there is an object store. A job may name the moment it sweeps as of (`asOf`).
 */
export function defineStorageSweep(
  ctx: Pick<AppContext, "jobEngine" | "objectStore">,
  owners: StoredFileOwner[],
  log: { info(o: object, msg: string): void },
): void {
  ctx.jobEngine.define<{ asOf?: string }>({
    name: STORAGE_SWEEP_QUEUE,
    // Notify-enabled: a sweep sent (by the schedule, at start, or by hand) wakes a worker at once;
    // polling only finds retries.
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, notify: true },
    worker: {
      handler: async (job) => {
        if (!ctx.objectStore) return;
        const now = job.data.asOf ? new Date(job.data.asOf) : new Date();
        const deleted = await sweepStoredFiles(ctx.objectStore, owners, now);
        if (deleted > 0) log.info({ deleted }, "storage: deleted objects nothing refers to");
      },
    },
  });
}

/** Schedules the hourly sweep and runs one now (a second instance's start adds none). */
export async function scheduleStorageSweep(
  ctx: Pick<AppContext, "db" | "jobEngine" | "objectStore">,
): Promise<void> {
  if (!ctx.objectStore) return;
  await ctx.jobEngine.schedule(STORAGE_SWEEP_QUEUE, "30 * * * *");
  await ctx.jobEngine.send(
    ctx.db,
    STORAGE_SWEEP_QUEUE,
    {},
    { singletonKey: "start", singletonSeconds: 300 },
  );
}
