import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_DB } from "../../test/helper";
import { JobEngine, type JobStore } from "./job-engine";

const QUEUE = "orphan-check";
/** Long enough that only the start-up's own look at running jobs can retry one within a test. */
const HEARTBEAT_SECONDS = 120;
const warnings: string[] = [];
const log = { error: () => undefined, warn: (_o: object, msg: string) => void warnings.push(msg) };

/** An engine running QUEUE's jobs with `handler`, each attempt's retry count noted in `attempts`. */
function engineOn(store: JobStore, handler: () => Promise<void>, attempts: number[] = []) {
  const engine = new JobEngine(store, log);
  engine.define({
    name: QUEUE,
    options: { retryLimit: 2, heartbeatSeconds: HEARTBEAT_SECONDS },
    worker: {
      options: { pollingIntervalSeconds: 0.5 },
      handler: async (job) => {
        attempts.push(job.retryCount);
        await handler();
      },
    },
  });
  return engine;
}

describe.skipIf(TEST_DB !== "pglite")("job engine on PGlite: a process that died", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("runs again at start the jobs a dead process was running, counting its attempt", async () => {
    // The first process starts a job that never ends…
    const first = await createTestDatabase();
    cleanups.push(() => first.destroy());
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const engine = engineOn(first.jobStore, () => {
      started();
      return new Promise<void>(() => undefined);
    });
    cleanups.push(() => engine.stop(100));
    await engine.start();
    const id = (await engine.send(first.db, QUEUE, {}))!;
    await running;
    // …and dies: its data directory is left as it was at that moment.
    const pglite = await PGlite.create({
      loadDataDir: await (first.jobStore as { pglite: PGlite }).pglite.dumpDataDir("none"),
    });
    cleanups.push(() => pglite.close());

    const attempts: number[] = [];
    const restarted = engineOn({ kind: "pglite", pglite }, async () => undefined, attempts);
    cleanups.push(() => restarted.stop());
    await restarted.start();
    await expect.poll(() => restarted.stateOf(QUEUE, id), { timeout: 10_000 }).toBe("completed");
    expect(attempts).toEqual([1]);
    expect(warnings).toContain("job engine: jobs of a stopped process retried");
  });

  it("leaves alone the jobs another engine of this process is running", async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.destroy());
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const attempts: number[] = [];
    const engine = engineOn(
      database.jobStore,
      () => {
        started();
        return finished;
      },
      attempts,
    );
    cleanups.push(() => engine.stop());
    await engine.start();
    const id = (await engine.send(database.db, QUEUE, {}))!;
    await running;

    const second = engineOn(database.jobStore, async () => undefined, attempts);
    cleanups.push(() => second.stop());
    await second.start();
    expect(await second.stateOf(QUEUE, id)).toBe("active");
    finish();
    await expect.poll(() => engine.stateOf(QUEUE, id)).toBe("completed");
    expect(attempts).toEqual([0]);
  });
});
