import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATION_LOCK_KEY } from "../src/db/migration-lock";
import { migrationProvider } from "../src/db/migrations";
import { tempDir } from "./fixtures/examples";
import { TEST_DB } from "./helper";
import {
  createScratchDatabase,
  spawnServer,
  spawnSource,
  waitHealthy,
  waitUntil,
  type Server,
} from "./support/server-process";

const MIGRATE = "packages/server/src/migrate.ts";

describe.runIf(TEST_DB === "pglite")("SERVER_ROLE on the embedded database (PGlite)", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  // (SERVER_ROLE=web and unknown roles: src/config.test.ts.)
  it("refuses a worker process in one plain sentence, before opening anything", async () => {
    const dataDir = tempDir("cs-role-pglite-");
    dirs.push(dataDir);
    const server = await spawnServer({ SERVER_ROLE: "worker", DATA_DIR: dataDir });
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output().trim()).toBe(
      "SERVER_ROLE=worker needs PostgreSQL: the embedded database (PGlite) can be opened by one process only, so set DATABASE_URL to a PostgreSQL server for separate web and worker processes, or use SERVER_ROLE=all (the default) to run everything in this one process.",
    );
    expect(fs.existsSync(path.join(dataDir, "pgdata"))).toBe(false);
  }, 60_000);
});

describe.runIf(TEST_DB === "postgres")("npm run migrate (real processes, PostgreSQL)", () => {
  const cleanups: (() => Promise<void>)[] = [];
  const running: Server[] = [];
  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill("SIGKILL");
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("migrates an empty database once: a second run waits on the lock and does nothing, and a worker waits for both", async () => {
    const database = await createScratchDatabase();
    cleanups.push(database.drop);
    const dataDir = tempDir("cs-migrate-data-");
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: "warn" };

    // Someone else holds the lock (a web process migrating): both runs and the worker wait.
    const holder = new pg.Client({ connectionString: database.url });
    holder.on("error", () => undefined);
    await holder.connect();
    cleanups.push(() => holder.end().catch(() => undefined));
    await holder.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);

    const worker = await spawnServer({ ...env, SERVER_ROLE: "worker" });
    running.push(worker);
    const first = spawnSource(MIGRATE, env);
    const second = spawnSource(MIGRATE, env);
    const both = () => `first:\n${first.output()}\nsecond:\n${second.output()}`;
    await waitUntil(
      () =>
        [first, second].every((run) =>
          run
            .output()
            .includes("Another process is migrating the database: waiting for it to finish."),
        ),
      "both runs waiting",
      both,
    );
    await waitUntil(
      () => worker.output().includes("Waiting for the database migrations"),
      "the worker waiting",
      worker.output,
    );
    // Nothing was written meanwhile, and the worker does not listen yet.
    const tables = await holder.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    );
    expect(tables.rows[0]!.n).toBe(0);
    await expect(fetch(`${worker.base}/api/health`)).rejects.toThrow();

    await holder.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    expect(await first.exited, both()).toEqual({ code: 0, signal: null });
    expect(await second.exited, both()).toEqual({ code: 0, signal: null });

    const total = Object.keys(await migrationProvider.getMigrations()).length;
    const outputs = [first.output(), second.output()];
    expect(
      outputs.filter((o) => o.includes(`Migrated the database: ${total} migrations applied.`)),
      both(),
    ).toHaveLength(1);
    expect(
      outputs.filter((o) =>
        o.includes("The database schema is already current: nothing to migrate."),
      ),
      both(),
    ).toHaveLength(1);
    const applied = await holder.query<{ n: number }>(
      "select count(*)::int as n from kysely_migration",
    );
    expect(applied.rows[0]!.n).toBe(total);
    // The job engine's tables too, and the seeds (reference data).
    const jobs = await holder.query<{ n: number }>("select count(*)::int as n from pgboss.version");
    expect(jobs.rows[0]!.n).toBe(1);
    const personas = await holder.query<{ n: number }>("select count(*)::int as n from persona");
    expect(personas.rows[0]!.n).toBeGreaterThan(0);

    // The worker goes on by itself, and answers nothing but health.
    await waitHealthy(worker);
    expect(worker.output()).not.toContain("Another process is migrating");
    const session = await fetch(`${worker.base}/api/session`);
    expect(session.status).toBe(404);
    expect(await session.json()).toMatchObject({ success: false, code: "not_found" });
    expect((await fetch(`${worker.base}/`)).status).toBe(404);

    worker.child.kill("SIGTERM");
    expect(await worker.exited).toEqual({ code: 0, signal: null });
  }, 90_000);
});
