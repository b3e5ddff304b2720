import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { markPostgres } from "./cancellable";
import { ChangeFeed, registerChangeFeed, watchWrites } from "./change-feed";
import { migrationProvider } from "./migrations";
import { PGliteDialect } from "./pglite-dialect";
import type { Database } from "./types";
import type { JobStore } from "../lib/job-engine";

// int8 (count(*), sums) as numbers on pg, as PGlite already returns them.
pg.types.setTypeParser(20, (v) => Number(v));

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the job engine keeps its jobs: the same PGlite, or a schema of the same server. */
  jobStore: JobStore;
  /** Flushes to disk where that means something (PGlite), then closes. */
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: "pglite"; dataDir?: string; pglite?: PGlite }
  | {
      kind: "postgres";
      url: string;
      searchPath?: string;
      poolSize?: number;
      /** The job engine's schema (default `pgboss`). */
      jobSchema?: string;
    };

export class DatabaseLockedError extends Error {}

const jobStores = new WeakMap<Kysely<Database>, JobStore>();
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/**
 * The PostgreSQL pool's connections (open, idle) and the queries waiting for one; undefined on
 * PGlite, which is one connection inside this process.
 */
export function poolUseOf(
  db: Kysely<Database>,
): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  if (!pool) return undefined;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** Where the job engine of an app on this database keeps its jobs (set by openDatabase). */
export function jobStoreOf(db: Kysely<Database>): JobStore {
  const store = jobStores.get(db);
  if (!store) throw new Error("This database was not opened with openDatabase.");
  return store;
}

/** Opens PGlite (one process per data directory, enforced by a lock file) or a pg pool. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: 30_000,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // A connection the server drops (a restart, pg_terminate_backend) emits `error`, and an
    // `error` event nobody listens to ends the process. The pool listens on idle clients only;
    // this listener stays on each client for its whole life, so a client held by a request,
    // a transaction, a cancellable search or an ingest's session lock is covered too. The
    // statement running on it fails by itself (a 503, plugins/errors.ts), and the pool drops
    // the broken client when it is released and opens a new one for the next request.
    pool.on("connect", (client) => {
      client.on("error", (error) => {
        console.error(`PostgreSQL connection lost: ${error.message}`);
      });
    });
    // Also emitted for an idle client's error (already logged above), besides the pool's own.
    pool.on("error", () => undefined);
    const feed = new ChangeFeed();
    const db = new Kysely<Database>({ dialect: watchWrites(new PostgresDialect({ pool }), feed) });
    markPostgres(db);
    pools.set(db, pool);
    registerChangeFeed(db, feed);
    jobStores.set(db, {
      kind: "postgres",
      url: options.url,
      schema: options.jobSchema ?? "pgboss",
    });
    await feed.listenPostgres(options.url, {
      onError: (error) => console.error(`PostgreSQL change listener: ${error.message}`),
    });
    return {
      db,
      kind: "postgres",
      jobStore: { kind: "postgres", url: options.url, schema: options.jobSchema ?? "pgboss" },
      close: async () => {
        await feed.close();
        await db.destroy();
      },
    };
  }

  let release = () => {};
  let pglite = options.pglite;
  if (!pglite) {
    if (options.dataDir) {
      fs.mkdirSync(options.dataDir, { recursive: true });
      release = acquireLock(options.dataDir);
    }
    try {
      pglite = await PGlite.create({
        dataDir: options.dataDir ? path.join(options.dataDir, "pgdata") : undefined,
        extensions: { pg_trgm },
      });
    } catch (error) {
      release();
      throw error;
    }
  }
  const instance = pglite;
  const feed = new ChangeFeed();
  const db = new Kysely<Database>({ dialect: watchWrites(new PGliteDialect(instance), feed) });
  registerChangeFeed(db, feed);
  jobStores.set(db, { kind: "pglite", pglite: instance });
  await feed.listenPglite(instance);
  return {
    db,
    kind: "pglite",
    jobStore: { kind: "pglite", pglite: instance },
    close: async () => {
      try {
        await feed.close();
        if (!instance.closed) {
          await sql`CHECKPOINT`.execute(db);
          await instance.close();
        }
      } finally {
        release();
      }
    },
  };
}

/** The lock file's name inside DATA_DIR. */
export const LOCK_FILE = "content-studio.lock";

/** Data directories this process has open (the lock file alone cannot tell our own pid's opens apart). */
const openDataDirs = new Set<string>();

/**
 * A lock file in the data directory: PGlite has none, and two processes would corrupt it.
 * Returns its release. Also taken by the restore command while it replaces the directory.
 */
export function acquireLock(dataDir: string): () => void {
  const resolved = path.resolve(dataDir);
  // A lock file holding our own pid is normally stale (a container restarts with the same pid),
  // but not when this very process opened the directory: two PGlite instances corrupt it too.
  if (openDataDirs.has(resolved)) {
    throw new DatabaseLockedError(
      `The data directory ${dataDir} is already open in this process (pid ${process.pid}).`,
    );
  }
  const lockPath = path.join(dataDir, LOCK_FILE);
  const tryCreate = () => {
    const fd = fs.openSync(lockPath, "wx");
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
  };
  try {
    tryCreate();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(fs.readFileSync(lockPath, "utf8").trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new DatabaseLockedError(
        `The data directory ${dataDir} is in use by another Content Studio process (pid ${holder}). Stop it or set DATA_DIR to another directory.`,
      );
    }
    // Stale lock from a process that died: take it over.
    fs.rmSync(lockPath, { force: true });
    tryCreate();
  }
  openDataDirs.add(resolved);
  let released = false;
  return () => {
    // Once only: a second close() must not release a lock a later open of this directory holds.
    if (released) return;
    released = true;
    openDataDirs.delete(resolved);
    try {
      if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.rmSync(lockPath);
    } catch {
      // Already gone.
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The migrator of this build's migrations. The migration tables are looked up in the
 * connection's current schema only: Kysely otherwise treats a `kysely_migration_lock` in any
 * other schema of the database as its own and skips creating it.
 */
export async function migratorOf(db: Kysely<Database>): Promise<Migrator> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({
    db,
    provider: migrationProvider,
    migrationTableSchema: rows[0]?.schema ?? "public",
  });
}

/** Runs every pending migration and answers how many ran; throws on the first failure. */
export async function migrateToLatest(db: Kysely<Database>): Promise<number> {
  const migrator = await migratorOf(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : "unknown error";
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
  return results?.filter((r) => r.status === "Success").length ?? 0;
}

/**
 * Refreshes the planner's statistics of the content library when they are missing or more than
 * 10% off. PostgreSQL's autovacuum does this by itself; PGlite has no background workers, so
 * without it the planner sees 100,000 items as a handful and picks plans that read them all.
 */
export async function refreshLibraryStatistics(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ estimated: number; actual: number }>`
    select cl.reltuples::float8 as estimated,
      (select count(*) from content_item)::float8 as actual
    from pg_class cl
    where cl.oid = to_regclass('content_item')`.execute(db);
  const row = rows[0];
  if (!row) return false;
  const estimated = Number(row.estimated);
  const actual = Number(row.actual);
  if (estimated >= 0 && Math.abs(actual - estimated) <= 50 + 0.1 * actual) return false;
  await sql`analyze content_item`.execute(db);
  return true;
}
