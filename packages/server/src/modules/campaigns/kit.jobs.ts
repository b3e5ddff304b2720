import type { KitFinding } from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import type * as repo from "./kit.repository";
import {
  failDeadCell,
  KIT_CELL_DEAD_QUEUE,
  KIT_CELL_QUEUE,
  KIT_CHECK_QUEUE,
  runCellJob,
  runCheckJob,
  type KitCellJob,
} from "./kit.worker";

/** Seconds without a heartbeat after which a cell job is taken to be dead and run again. */
const HEARTBEAT_SECONDS = 10;

/**
 * The kit queues: cell jobs (at most `concurrency` per provider at once, across processes),
 * kit checks after them, and the dead letter of cells that kept failing.
 */
export function defineKitQueues(
  ctx: AppContext,
  check: (
    ctx: AppContext,
    kit: repo.KitRow,
    steps: repo.KitStepRow[],
  ) => Promise<Map<string, KitFinding[]>>,
): void {
  const concurrency = ctx.config.kitConcurrency;
  ctx.jobEngine.define<KitCellJob>({
    name: KIT_CELL_DEAD_QUEUE,
    options: { retryLimit: 2, retryDelay: 5 },
    worker: { handler: (job) => failDeadCell(ctx, job) },
  });
  ctx.jobEngine.define<KitCellJob>({
    name: KIT_CELL_QUEUE,
    options: {
      retryLimit: 5,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 120,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      expireInSeconds: 60 * 60,
      deadLetter: KIT_CELL_DEAD_QUEUE,
      // Starting a kit wakes the cell workers at once (pg_notify in the flow's transaction)
      // instead of at their next poll: the engine listens, but only notify-enabled queues are
      // woken.
      notify: true,
    },
    worker: {
      options: {
        localConcurrency: concurrency,
        groupConcurrency: concurrency,
        pollingIntervalSeconds: 1,
        // Retries, budget waits and a lost NOTIFY are still found by polling: keep it at 1 s
        // (pg-boss relaxes it to 30 s on notify-enabled queues otherwise).
        notifyPollingIntervalSeconds: 1,
      },
      handler: (job) => runCellJob(ctx, job),
    },
  });
  ctx.jobEngine.define<KitCellJob>({
    name: KIT_CHECK_QUEUE,
    options: { retryLimit: 60, retryDelay: 2, retryBackoff: true, retryDelayMax: 30 },
    worker: {
      options: { localConcurrency: 2, pollingIntervalSeconds: 1 },
      handler: (job) => runCheckJob(ctx, job, check),
    },
  });
}
