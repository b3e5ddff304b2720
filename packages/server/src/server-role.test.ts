import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/helper";
import { INGEST_QUEUE } from "./modules/examples/ingest.service";

/** SERVER_ROLE inside one app (the real processes: test/roles.test.ts, test/migrate.test.ts). */
describe("server roles", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("a worker answers the health routes only", async () => {
    t = await buildTestApp({ config: { role: "worker" } });
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    for (const [method, url] of [
      ["GET", "/api/session"],
      ["POST", "/api/auth/sign-in/email"],
      ["GET", "/api/examples"],
      ["GET", "/"],
      ["GET", "/api/healthy"],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toMatchObject({ success: false, code: "not_found" });
    }
  });

  // An ingest job naming no run: a worker completes it at once (nothing to run).
  const sendIngestJob = async (app: TestApp) =>
    (await app.ctx.jobEngine.send(app.db, INGEST_QUEUE, { runId: randomUUID() }))!;

  it("a web process writes jobs but runs none; all runs them", async () => {
    t = await buildTestApp({ config: { role: "web" } });
    expect(t.ctx.jobEngine.runsJobs).toBe(false);
    const waiting = await sendIngestJob(t);
    // The ingest queue is woken by NOTIFY and polled every second.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await t.ctx.jobEngine.stateOf(INGEST_QUEUE, waiting)).toBe("created");
    await t.close();
    t = undefined;

    t = await buildTestApp({ config: { role: "all" } });
    expect(t.ctx.jobEngine.runsJobs).toBe(true);
    const run = await sendIngestJob(t);
    const deadline = Date.now() + 10_000;
    while ((await t.ctx.jobEngine.stateOf(INGEST_QUEUE, run)) !== "completed") {
      if (Date.now() > deadline) throw new Error("the job was not run");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 30_000);
});
