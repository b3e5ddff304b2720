import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import type { GeneratedContent } from "@content-studio/contract";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { PendingWork } from "../lib/pending-work";
import { buildTestApp, createTestDatabase, testConfig } from "../../test/helper";
import { answer, startFakeAiProvider } from "../../test/fakes/ai-provider-server";
import {
  VALID_REQUEST,
  eventually,
  modelDraft,
  openAiFakeConfig,
  selectOpenAi,
  OPENAI_TEST_KEY,
} from "../../test/support/generation";
import { countLibraryItems } from "../modules/library/library.repository";

type Ok<T> = { success: true; data: T };

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** An app on a fresh database with a pino log kept in memory, before ready() (add routes). */
async function appWithLog(shutdownGraceMs?: number) {
  const database = await createTestDatabase({ seed: false });
  const logLines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const { app } = await buildApp({
    config: testConfig(),
    db: database.db,
    dbKind: database.kind,
    logger: { level: "info", stream },
    shutdownGraceMs,
  });
  return { app, database, logLines };
}

/** A POST over a real socket that the client abandons once `started` resolves. */
async function abandonedPost(app: FastifyInstance, url: string, started: Promise<void>) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const req = http.request({ host: "127.0.0.1", port, path: url, method: "POST" });
  req.on("error", () => undefined);
  req.end();
  await started;
  req.destroy();
  // The server has seen the socket close before close() starts: no connection holds it open.
  await eventually(
    () =>
      new Promise<boolean>((resolve) =>
        app.server.getConnections((_error, count) => resolve(count === 0)),
      ),
  );
}

describe("closing the app (what main.ts does on SIGTERM: app.close(), then the database)", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it("waits for a request whose client went away to finish its database write", async () => {
    const { app, database } = await appWithLog();
    const started = deferred();
    const gate = deferred();
    let outcome = "handler still running";
    app.post("/test/slow-write", { config: { access: "public" } }, async () => {
      started.resolve();
      await gate.promise;
      try {
        await database.db.transaction().execute(async (trx) => {
          await sql`create table shutdown_probe (id int primary key)`.execute(trx);
          await sql`insert into shutdown_probe values (1)`.execute(trx);
        });
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from shutdown_probe`.execute(database.db);
        outcome = `stored ${rows[0]?.n}`;
      } catch (error) {
        outcome = `failed: ${(error as Error).message}`;
      }
      return { success: true };
    });
    await app.ready();

    await abandonedPost(app, "/test/slow-write", started.promise);
    let closedAt: number | undefined;
    const shutdown = (async () => {
      await app.close();
      closedAt = Date.now();
      await database.destroy();
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closedAt, "close() must wait for the abandoned request's handler").toBeUndefined();
    gate.resolve();
    await shutdown;
    expect(outcome).toBe("stored 1");
  });

  it("answers and stores a generation that was running when close started", async () => {
    const fake = await startFakeAiProvider({ apiKey: OPENAI_TEST_KEY });
    cleanups.push(() => fake.close());
    const t = await buildTestApp({ config: openAiFakeConfig(fake) });
    await selectOpenAi(t);
    const editor = await t.signInAs("editor");
    fake.setDefault(answer(modelDraft(), { delayMs: 1_000 }));

    const generation = editor.post("/api/generate-content", VALID_REQUEST);
    await eventually(() => fake.requests.length === 1);
    await t.app.close();
    // The database is still open here, as in main.ts: everything that used it is done.
    const stored = await countLibraryItems(t.db);
    await t.database.destroy();

    const res = await generation;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Ok<GeneratedContent>>().data.contentItemId).toEqual(expect.any(String));
    expect(stored).toBe(1);
  });

  it("answers a request that arrives while closing with 503 in the envelope", async () => {
    const { app, database } = await appWithLog();
    await app.ready();
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    // A client whose request is half sent when the server starts closing (so its connection
    // is not idle and stays open): the request is complete only once closing has begun.
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\n");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write("\r\n");
    await ended;
    await closing;
    await database.destroy();

    expect(received).toMatch(/^HTTP\/1\.1 503 /);
    expect(received).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(received).toMatch(/\r\nx-request-id: [\w-]+\r\n/i);
    const body = received.slice(received.indexOf("\r\n\r\n") + 4);
    expect(JSON.parse(body)).toEqual({
      success: false,
      code: "service_unavailable",
      message: "The server is restarting. Please try again in a moment.",
    });
  });

  it("gives up after the grace period and names the work it abandoned", async () => {
    const { app, database, logLines } = await appWithLog(300);
    const started = deferred();
    const gate = deferred();
    app.post("/test/stuck", { config: { access: "public" } }, async () => {
      started.resolve();
      await gate.promise;
      return { success: true };
    });
    await app.ready();
    await abandonedPost(app, "/test/stuck", started.promise);
    const before = Date.now();
    await app.close();
    const waited = Date.now() - before;
    gate.resolve();
    await database.destroy();
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(3_000);
    const abandoned = logLines.find((l) => String(l.msg).includes("abandoning work"));
    expect(abandoned?.abandonedRequests).toEqual([
      expect.stringMatching(/^POST \/test\/stuck \(request [\w-]+\), running \d+ ms$/),
    ]);
  });
});

describe("PendingWork.settle", () => {
  it("waits for tracked work, including work tracked while it waits", async () => {
    const work = new PendingWork();
    const events: string[] = [];
    const gate = deferred();
    work.track(
      "first export",
      gate.promise.then(() => events.push("first export done")),
    );
    const settling = work.settle();
    // A late request's producer, registered while settling.
    work.track(
      "late export",
      new Promise((resolve) => setTimeout(resolve, 50)).then(() => events.push("late export done")),
    );
    gate.resolve();
    expect(await settling).toEqual([]);
    expect(events.sort()).toEqual(["first export done", "late export done"]);
  });

  it("returns what is still running when the deadline passes", async () => {
    const work = new PendingWork();
    work.track("never ends", new Promise(() => undefined));
    const left = await work.settle(new Promise((resolve) => setTimeout(resolve, 50)));
    expect(left).toEqual(["never ends#1"]);
  });
});
