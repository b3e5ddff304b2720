import net from "node:net";
import type { AddressInfo } from "node:net";
import type { NotReadyDetails, Readiness } from "@content-studio/contract";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, sql, type TestApp } from "../../../test/helper";
import { jobSchemaOf } from "../../lib/job-engine";
import { jobStoreOf } from "../../db/database";

type NotReady = { success: false; code: string; message: string; details: NotReadyDetails };

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * A GET sent over a raw socket in two halves: the request is complete only once the server
 * has begun closing (an idle connection would be closed, and a new one refused).
 */
async function halfSent(port: number, path: string) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  const ended = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n`);
  return {
    finish: async () => {
      socket.write("\r\n");
      await ended;
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(received)?.[1]);
      return {
        status,
        body: JSON.parse(received.slice(received.indexOf("\r\n\r\n") + 4)) as unknown,
      };
    },
  };
}

describe("health probes", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  it("live and ready answer 200 on a running app; ready lists every check", async () => {
    t = await buildTestApp();
    const live = await t.anonymous.get("/api/health/live");
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ success: true, data: { status: "alive" } });
    const ready = await t.anonymous.get("/api/health/ready");
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json<{ data: Readiness }>().data).toEqual({
      status: "ready",
      checks: {
        draining: "ok",
        database: "ok",
        migrations: "ok",
        jobEngine: "ok",
        storage: "not_configured",
        fileStore: "not_configured",
      },
    });
    // /api/health keeps its meaning.
    expect((await t.anonymous.get("/api/health")).json()).toEqual({
      success: true,
      data: { status: "ok", database: "up" },
    });
  });

  it("live answers without a database; ready answers 503 naming the database", async () => {
    t = await buildTestApp();
    await t.database.close();
    const live = await t.anonymous.get("/api/health/live");
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ success: true, data: { status: "alive" } });
    const ready = await t.anonymous.get("/api/health/ready");
    expect(ready.statusCode).toBe(503);
    const body = ready.json<NotReady>();
    expect(body).toMatchObject({
      success: false,
      code: "service_unavailable",
      message: "Not ready: the database cannot be reached.",
      details: {
        failed: ["database"],
        checks: { draining: "ok", database: "failed", migrations: "skipped", jobEngine: "skipped" },
      },
    });
  });

  it("answers 503 when the database does not answer within 1 s", async () => {
    t = await buildTestApp();
    const app = t;
    // Every connection busy: PGlite's one, or each of the test pool's five.
    const release = deferred();
    const held = Array.from({ length: t.database.kind === "pglite" ? 1 : 5 }, () => {
      const started = deferred();
      const done = app.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        started.resolve();
        await release.promise;
      });
      return { started: started.promise, done };
    });
    await Promise.all(held.map((h) => h.started));
    const before = Date.now();
    const ready = await t.anonymous.get("/api/health/ready");
    const took = Date.now() - before;
    release.resolve();
    await Promise.all(held.map((h) => h.done));
    expect(ready.statusCode).toBe(503);
    expect(ready.json<NotReady>()).toMatchObject({
      message: "Not ready: the database did not answer within 1 s.",
      details: { failed: ["database"] },
    });
    expect(took).toBeGreaterThanOrEqual(950);
    expect(took).toBeLessThan(3_000);
    // Once the database is free again, ready again.
    expect((await t.anonymous.get("/api/health/ready")).statusCode).toBe(200);
  });

  it("answers 503 naming the migrations when one has not run", async () => {
    t = await buildTestApp();
    const { rows } = await sql<{
      name: string;
    }>`select name from kysely_migration order by name desc limit 1`.execute(t.db);
    const last = rows[0]!.name;
    await sql`delete from kysely_migration where name = ${last}`.execute(t.db);
    const ready = await t.anonymous.get("/api/health/ready");
    expect(ready.statusCode).toBe(503);
    expect(ready.json<NotReady>()).toMatchObject({
      message: `Not ready: 1 migration(s) have not run (the first is ${last}).`,
      details: {
        failed: ["migrations"],
        checks: { database: "ok", migrations: "failed", jobEngine: "ok" },
      },
    });
  });

  it("answers 503 naming the job engine when its schema is missing", async () => {
    t = await buildTestApp();
    const schema = jobSchemaOf(jobStoreOf(t.db));
    await t.ctx.jobEngine.stop(1_000);
    await sql`drop schema ${sql.id(schema)} cascade`.execute(t.db);
    const ready = await t.anonymous.get("/api/health/ready");
    expect(ready.statusCode).toBe(503);
    expect(ready.json<NotReady>()).toMatchObject({
      message: "Not ready: the job engine's schema is missing.",
      details: { failed: ["jobEngine"], checks: { migrations: "ok", jobEngine: "failed" } },
    });
  });

  it("while draining: ready answers 503 naming draining, live still answers 200", async () => {
    t = await buildTestApp();
    const { app, ctx } = t;
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    // Background work keeps the close draining until the probes have been answered.
    const work = deferred();
    ctx.pendingWork.track("test work", work.promise);
    const ready = await halfSent(port, "/api/health/ready");
    const live = await halfSent(port, "/api/health/live");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [readyAnswer, liveAnswer] = await Promise.all([ready.finish(), live.finish()]);
    work.resolve();
    await closing;
    expect(readyAnswer.status).toBe(503);
    expect(readyAnswer.body).toEqual({
      success: false,
      code: "service_unavailable",
      message: "Not ready: the server is stopping.",
      details: {
        failed: ["draining"],
        checks: {
          draining: "failed",
          database: "skipped",
          migrations: "skipped",
          jobEngine: "skipped",
          storage: "skipped",
          fileStore: "skipped",
        },
      },
    });
    expect(liveAnswer).toEqual({
      status: 200,
      body: { success: true, data: { status: "alive" } },
    });
  });
});
