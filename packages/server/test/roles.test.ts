import fs from "node:fs";
import path from "node:path";
import type {
  ExampleList,
  GeneratedContent,
  IngestJob,
  UserListRow,
} from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { answer, startFakeAiProvider, type FakeAiProviderServer } from "./fakes/ai-provider-server";
import { exampleMarkdown, tempDir, writeTree } from "./fixtures/examples";
import { TEST_DB } from "./helper";
import { modelDraft, OPENAI_TEST_KEY, VALID_REQUEST } from "./support/generation";
import {
  ADMIN,
  createScratchDatabase,
  signIn,
  signInCookie,
  startServer,
  waitUntil,
  type Server,
} from "./support/server-process";

const FILES = 3_000;
const BATCH = 250; // ingest.service.ts writes one statement per batch of this many files
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sign-in attempt's status. */
async function signInStatus(base: string, email: string, password: string): Promise<number> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Several processes of one build on one PostgreSQL database (SERVER_ROLE): two `web` processes
 * (A and B) on their own ports, and `worker` processes. The tests share the processes and run
 * in order.
 */
describe.runIf(TEST_DB === "postgres")("two web processes and a worker on one database", () => {
  const running = new Map<string, Server>();
  const cleanups: (() => Promise<void>)[] = [];
  let fake: FakeAiProviderServer;
  let env: Record<string, string>;
  let a: Server;
  let b: Server;
  let staged: string;
  let examplesRoot: string;

  const start = async (name: string, role: string) => {
    const server = await startServer({ ...env, SERVER_ROLE: role });
    running.set(name, server);
    return server;
  };
  const outputs = () =>
    [...running].map(([name, server]) => `--- ${name}:\n${server.output()}`).join("\n");

  beforeAll(async () => {
    fake = await startFakeAiProvider({ apiKey: OPENAI_TEST_KEY });
    cleanups.push(() => fake.close());
    const database = await createScratchDatabase();
    cleanups.push(database.drop);
    const parent = tempDir("cs-roles-");
    cleanups.push(async () => fs.rmSync(parent, { recursive: true, force: true }));
    // EXAMPLES_ROOT does not exist at start (the first start would ingest it by itself): the
    // files are written beside it now and moved in when the test ingests them.
    examplesRoot = path.join(parent, "examples");
    staged = path.join(parent, "staged");
    const personas = ["cto", "vp-engineering", "director-engineering", "product-manager"];
    const files: Record<string, string> = {};
    for (let i = 0; i < FILES; i++) {
      const n = String(i).padStart(4, "0");
      files[`${i % 3 ? "good" : "bad"}/example-${n}.md`] = exampleMarkdown({
        title: `Roles example ${n}`,
        persona: personas[i % 4],
      });
    }
    writeTree(staged, files);
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: path.join(parent, "data"),
      EXAMPLES_ROOT: examplesRoot,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      OPENAI_API_KEY: OPENAI_TEST_KEY,
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      LOG_LEVEL: "warn",
    };
    // Both webs start at once on the empty database: one migrates, the other waits for it.
    [a, b] = await Promise.all([start("web A", "web"), start("web B", "web")]);
  }, 120_000);

  afterAll(async () => {
    for (const server of running.values()) {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
    }
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const other = { email: "deputy@example.test", password: "Temporary-Pass-1234" };
  const NEW_PASSWORD = "Orchard-Lantern-Velvet-77";

  it("refuses on B the session of a user whose role an administrator changed on A", async () => {
    onTestFailed(() => console.log(outputs()));
    const adminA = await signIn(a.base);
    const created = await adminA<UserListRow>("POST", "/api/users", {
      name: "Deputy",
      ...other,
      role: "admin",
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const otherB = await signIn(b.base, other);
    const changed = await otherB("POST", "/api/me/password", {
      currentPassword: other.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    // B has the session in its session cache now.
    expect((await otherB("GET", "/api/users")).status).toBe(200);

    const demoted = await adminA("PATCH", `/api/users/${created.data.id}`, { role: "viewer" });
    expect(demoted.status, JSON.stringify(demoted.json)).toBe(200);
    // A role change revokes the user's sessions (users.service.ts), so B refuses this one as
    // soon as it hears the notification (session-cache.ts; at a load of 10 that came after the
    // next request); signed in again, the user is a viewer there.
    await expect.poll(async () => (await otherB("GET", "/api/users")).status).toBe(401);
    const refused = await otherB("GET", "/api/users");
    expect(refused.status, JSON.stringify(refused.json)).toBe(401);
    expect(refused.json).toMatchObject({ code: "unauthenticated" });
    const viewerB = await signIn(b.base, { email: other.email, password: NEW_PASSWORD });
    const session = await viewerB<{ user: { role: string } }>("GET", "/api/session");
    expect(session.data.user.role).toBe("viewer");
    expect((await viewerB("GET", "/api/users")).status).toBe(403);
  });

  it("counts failed sign-ins across both web processes", async () => {
    onTestFailed(() => console.log(outputs()));
    // 5 failures for one account from one address, spread over A and B; the 6th is refused,
    // on either, even with the right password.
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) {
      statuses.push(await signInStatus(i % 2 ? a.base : b.base, other.email, `wrong-${i}`));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(await signInStatus(b.base, other.email, "wrong-6")).toBe(429);
    expect(await signInStatus(a.base, other.email, NEW_PASSWORD)).toBe(429);
  });

  it("runs an ingest started on A in the worker only, shows its progress on B, and completes it once after a kill -9", async () => {
    onTestFailed(() => console.log(outputs()));
    fs.mkdirSync(examplesRoot);
    fs.renameSync(staged, path.join(examplesRoot, "roles"));
    const adminA = await signIn(a.base);
    const adminB = await signIn(b.base);
    const started = await adminA<IngestJob>("POST", "/api/examples/ingest", {
      source: "local",
      path: path.join(examplesRoot, "roles"),
    });
    expect(started.status, JSON.stringify(started.json)).toBe(202);
    const runOnB = async () =>
      (await adminB<IngestJob>("GET", `/api/examples/ingest/jobs/${started.data.id}`)).data;
    // The queue is woken by NOTIFY and polled every second: a web process that ran jobs would
    // have taken it by now.
    await sleep(2_500);
    expect(await runOnB()).toMatchObject({ status: "queued", processed: 0 });

    // The worker runs it; B sees it advance.
    const worker = await start("worker 1", "worker");
    const seen = new Set<number>();
    let victim: IngestJob | undefined;
    await waitUntil(
      async () => {
        const run = await runOnB();
        if (run.status !== "queued" && run.status !== "running") {
          throw new Error(`the ingest ended before the worker could be killed: ${run.status}`);
        }
        if (run.processed > 0) seen.add(run.processed);
        if (seen.size >= 2 && run.processed < run.total) victim = run;
        return victim !== undefined;
      },
      "progress of the ingest on B",
      outputs,
    );
    worker.child.kill("SIGKILL");
    expect(await worker.exited).toEqual({ code: null, signal: "SIGKILL" });
    expect(victim).toMatchObject({ status: "running", total: FILES });
    const before = (await adminB<ExampleList>("GET", "/api/examples?pageSize=1")).data.total;
    expect(before % BATCH).toBe(0);
    expect(before).toBeLessThan(FILES);

    // A new worker takes the dead one's job over once its heartbeat stops, and completes it.
    await start("worker 2", "worker");
    let run = victim!;
    await waitUntil(
      async () => {
        run = await runOnB();
        return run.status !== "queued" && run.status !== "running";
      },
      "the ingest run again by the new worker",
      outputs,
      90_000,
    );
    expect(run).toMatchObject({
      status: "succeeded",
      total: FILES,
      processed: FILES,
      updated: 0,
      errors: 0,
    });
    // The first attempt's whole batches are found unchanged; the rest is added, once.
    expect(run.added + run.unchanged).toBe(FILES);
    expect(run.unchanged % BATCH).toBe(0);
    expect(run.unchanged).toBeGreaterThanOrEqual(before);
    const total = (await adminA<ExampleList>("GET", "/api/examples?pageSize=1")).data.total;
    expect(total).toBe(FILES);
    const { data: runs } = await adminA<IngestJob[]>("GET", "/api/examples/ingest/jobs");
    expect(runs.map((r) => r.id)).toEqual([started.data.id]);
  }, 150_000);

  it("finishes a request in flight on a web process under SIGTERM, then exits 0", async () => {
    onTestFailed(() => console.log(outputs()));
    fake.setDefault(answer(modelDraft(), { delayMs: 2_000 }));
    const cookie = await signInCookie(a.base);
    const calls = fake.requests.length;
    const generation = fetch(`${a.base}/api/generate-content`, {
      method: "POST",
      headers: { cookie, origin: a.base, "content-type": "application/json" },
      body: JSON.stringify(VALID_REQUEST),
    });
    await waitUntil(() => fake.requests.length > calls, "a provider call", outputs, 20_000);
    a.child.kill("SIGTERM");
    const res = await generation;
    const body = (await res.json()) as { data: GeneratedContent };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(await a.exited).toEqual({ code: 0, signal: null });
    // Stored before A exited: B serves it.
    const adminB = await signIn(b.base);
    const item = await adminB<{ headline: string }>(
      "GET",
      `/api/library/${body.data.contentItemId}`,
    );
    expect(item.status).toBe(200);
    expect(item.data.headline).toBe(modelDraft().headline);

    const rest = [b, running.get("worker 2")!];
    for (const server of rest) server.child.kill("SIGTERM");
    for (const server of rest) expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});
