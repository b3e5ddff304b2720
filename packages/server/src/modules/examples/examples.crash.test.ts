import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { ExampleList, IngestJob } from "@content-studio/contract";
import { afterAll, describe, expect, it } from "vitest";
import { exampleMarkdown, tempDir, writeTree } from "../../../test/fixtures/examples";
import { TEST_DB } from "../../../test/helper";

const repoRoot = path.resolve(import.meta.dirname, "../../../../..");
const FILES = 3_000;
const BATCH = 250; // ingest.service.ts writes one statement per batch of this many files
const ADMIN = { email: "crash-admin@example.test", password: "Crash-Test-Passphrase-42" };
/** Variables the server reads: never inherited from the test runner. */
const SERVER_ENV =
  /^(PORT|HOST|DATA_DIR|DATABASE_URL|BASE_URL|AUTH_SECRET|ADMIN_\w+|SESSION_\w+|TRUST_PROXY|LOG_LEVEL|EXAMPLES_\w+|WEB_DIST|AWS_\w+|NODE_ENV)$/;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Server {
  base: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

/** The server from source (node --import tsx src/main.ts) as its own single process. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !SERVER_ENV.test(k)),
  ) as Record<string, string>;
  const child = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
    cwd: repoRoot,
    env: { ...clean, PORT: String(port), HOST: "127.0.0.1", BASE_URL: base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`server exited during start-up:\n${out}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server not healthy in time:\n${out}`);
    }
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { base, child, exited, output: () => out };
}

/** Signs in over real HTTP and returns a JSON client that keeps the session cookie. */
async function signIn(base: string) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return async <T>(method: string, url: string, body?: unknown) => {
    const r = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie,
        origin: base,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await r.json()) as { data: T };
    return { status: r.status, data: json.data, json };
  };
}

describe.skipIf(TEST_DB === "postgres")("an ingest cut off by a process kill", () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is reported as interrupted after a restart, and a rerun completes it exactly once", async () => {
    const examplesRoot = tempDir("cs-crash-examples-");
    const dataDir = tempDir("cs-crash-data-");
    dirs.push(examplesRoot, dataDir);
    const personas = ["cto", "vp-engineering", "director-engineering", "product-manager"];
    const files: Record<string, string> = {};
    for (let i = 0; i < FILES; i++) {
      const n = String(i).padStart(4, "0");
      files[`${i % 3 ? "good" : "bad"}/batch-${Math.floor(i / 500)}/example-${n}.md`] =
        exampleMarkdown({ title: `Crash example ${n}`, persona: personas[i % 4] });
    }
    writeTree(examplesRoot, files);
    const env = {
      DATA_DIR: dataDir,
      EXAMPLES_ROOT: examplesRoot,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
    };

    // First start: it ingests EXAMPLES_ROOT by itself. Kill it mid-way.
    const first = await startServer(env);
    children.push(first.child);
    const api = await signIn(first.base);
    let victim: IngestJob | undefined;
    const deadline = Date.now() + 60_000;
    while (!victim) {
      const { data: jobs } = await api<IngestJob[]>("GET", "/api/examples/ingest/jobs");
      const job = jobs.find((j) => j.sourceKey === "local:.");
      if (job && job.status !== "running") {
        throw new Error(
          `the first-start ingest finished before it could be killed: ${JSON.stringify(job)}`,
        );
      }
      if (job && job.processed > 0 && job.processed < job.total) victim = job;
      else if (Date.now() > deadline) throw new Error(`no running ingest seen:\n${first.output()}`);
    }
    first.child.kill("SIGKILL");
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
    expect(victim).toMatchObject({ total: FILES, status: "running" });
    // The dead process's lock is still there: the next start must take it over.
    expect(fs.readFileSync(path.join(dataDir, "content-studio.lock"), "utf8")).toBe(
      String(first.child.pid),
    );

    const second = await startServer(env);
    children.push(second.child);
    const api2 = await signIn(second.base);
    const { data: interrupted } = await api2<IngestJob>(
      "GET",
      `/api/examples/ingest/jobs/${victim.id}`,
    );
    expect(interrupted).toMatchObject({ status: "failed" });
    expect(interrupted.message).toMatch(/^Interrupted/);
    expect(interrupted.finishedAt).not.toBeNull();

    // Whole batches only: each is one statement, so it is written entirely or not at all.
    const before = (await api2<ExampleList>("GET", "/api/examples?pageSize=1")).data.total;
    expect(before % BATCH).toBe(0);
    expect(before).toBeGreaterThanOrEqual(victim.processed);
    expect(before).toBeLessThan(FILES);

    const started = await api2<IngestJob>("POST", "/api/examples/ingest", {
      source: "local",
      path: examplesRoot,
    });
    expect(started.status, JSON.stringify(started.json)).toBe(202);
    expect(started.data.sourceKey).toBe("local:.");
    let job = started.data;
    while (job.status === "running") {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await api2<IngestJob>("GET", `/api/examples/ingest/jobs/${job.id}`)).data;
    }
    expect(job).toMatchObject({
      status: "succeeded",
      total: FILES,
      processed: FILES,
      added: FILES - before,
      unchanged: before,
      updated: 0,
      errors: 0,
      missing: [],
    });

    const all = await api2<ExampleList>("GET", "/api/examples?pageSize=1&source=local");
    expect(all.data.total).toBe(FILES);
    expect(
      (await api2<ExampleList>("GET", "/api/examples?pageSize=1&includeArchived=true")).data.total,
    ).toBe(FILES);
    for (const n of ["0000", "1234", "2999"]) {
      const one = await api2<ExampleList>("GET", `/api/examples?q=crash%20example%20${n}`);
      expect(one.data.total, n).toBe(1);
    }

    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, "content-studio.lock"))).toBe(false);
  }, 240_000);
});
