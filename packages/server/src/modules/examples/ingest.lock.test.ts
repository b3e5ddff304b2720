import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdSessionLock } from "../../db/session-lock";
import { TEST_DB, buildTestApp, type TestApp } from "../../../test/helper";
import { startIngest } from "./ingest.service";

const SOURCE = "s3://bucket/lock-handover/";

describe.runIf(TEST_DB === "postgres")("ingest lock hand-over (postgres)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const start = () =>
    startIngest(t.ctx, null, {
      origin: "s3",
      sourceKey: SOURCE,
      list: async () => ({ entries: [], failures: [] }),
    });

  it("waits for a finished job's lock instead of refusing a rerun started the moment it finished", async () => {
    // As a job does between writing its final status and letting its lock go.
    const finishing = await holdSessionLock(t.db, SOURCE);
    expect(finishing).not.toBeNull();
    setTimeout(() => void finishing!(), 100);
    const job = await start();
    await t.ctx.jobs.wait(job.id);
    expect(job.status).toBe("running");
  });

  it("still refuses a second job while one is really running", async () => {
    const holder = await holdSessionLock(t.db, SOURCE);
    await t.db
      .insertInto("ingest_job")
      .values({ id: crypto.randomUUID(), origin: "s3", source_key: SOURCE, status: "running" })
      .execute();
    try {
      await expect(start()).rejects.toMatchObject({ code: "conflict" });
    } finally {
      await holder?.();
    }
  });
});
