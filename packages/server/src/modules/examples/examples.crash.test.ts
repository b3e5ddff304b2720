import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { ExampleList, IngestJob } from "@content-studio/contract";
import { afterAll, describe, expect, it } from "vitest";
import { exampleMarkdown, tempDir, writeTree } from "../../../test/fixtures/examples";
import { TEST_DB } from "../../../test/helper";
import {
  ADMIN,
  createScratchDatabase,
  signIn,
  migratedDataDir,
  startServer,
} from "../../../test/support/server-process";

const FILES = 3_000;
const BATCH = 250; // ingest.service.ts writes one statement per batch of this many files
describe("an ingest cut off by a process kill", () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const databases: { drop: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is run again by the job engine after a restart, and completes exactly once", async () => {
    const examplesRoot = tempDir("cs-crash-examples-");
    const dataDir = migratedDataDir("cs-crash-data-");
    dirs.push(examplesRoot, dataDir);
    const personas = ["cto", "vp-engineering", "director-engineering", "product-manager"];
    const files: Record<string, string> = {};
    for (let i = 0; i < FILES; i++) {
      const n = String(i).padStart(4, "0");
      files[`${i % 3 ? "good" : "bad"}/batch-${Math.floor(i / 500)}/example-${n}.md`] =
        exampleMarkdown({ title: `Crash example ${n}`, persona: personas[i % 4] });
    }
    writeTree(examplesRoot, files);
    // PostgreSQL: a database of its own (a real second process must find the first one's rows).
    const database =
      TEST_DB === "postgres" ? await createScratchDatabase({ migrated: true }) : undefined;
    if (database) databases.push(database);
    const env = {
      ...(database ? { DATABASE_URL: database.url } : {}),
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
      if (job && job.status !== "running" && job.status !== "queued") {
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
    if (!database) {
      // The dead process's lock is still there: the next start must take it over.
      expect(fs.readFileSync(path.join(dataDir, "content-studio.lock"), "utf8")).toBe(
        String(first.child.pid),
      );
    }

    // Whole batches only: each is one statement, so it is written entirely or not at all.
    const second = await startServer(env);
    children.push(second.child);
    const api2 = await signIn(second.base);
    const before = (await api2<ExampleList>("GET", "/api/examples?pageSize=1")).data.total;
    expect(before % BATCH).toBe(0);
    expect(before).toBeGreaterThanOrEqual(victim.processed);
    expect(before).toBeLessThan(FILES);

    // Nobody starts it again: the job engine runs the job again in the new process, from the
    // start (on PGlite as it starts, the dead process having held the directory; on PostgreSQL
    // once the dead worker's heartbeat stops); what the first attempt stored is unchanged.
    let job = victim;
    const resumeDeadline = Date.now() + 120_000;
    while (job.status === "running" || job.status === "queued") {
      if (Date.now() > resumeDeadline) throw new Error(`not resumed:\n${second.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = (await api2<IngestJob>("GET", `/api/examples/ingest/jobs/${victim.id}`)).data;
    }
    expect(job).toMatchObject({
      id: victim.id,
      status: "succeeded",
      total: FILES,
      processed: FILES,
      updated: 0,
      errors: 0,
      missing: [],
    });
    // The first attempt's whole batches are found unchanged; the rest is added, once.
    expect(job.added + job.unchanged).toBe(FILES);
    expect(job.unchanged % BATCH).toBe(0);
    expect(job.unchanged).toBeGreaterThanOrEqual(victim.processed);
    expect(job.unchanged).toBeLessThanOrEqual(before);
    const { data: runs } = await api2<IngestJob[]>("GET", "/api/examples/ingest/jobs");
    expect(runs.filter((r) => r.sourceKey === "local:.").map((r) => r.id)).toEqual([victim.id]);

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
    if (!database) expect(fs.existsSync(path.join(dataDir, "content-studio.lock"))).toBe(false);
  }, 240_000);
});
