import { sql, type Kysely } from "kysely";
import { migratorOf } from "./database";
import type { Database } from "./types";

/**
 * The PostgreSQL advisory lock (one bigint key, session level) held while a process migrates and
 * seeds the database. Every `web`/`all` process and `npm run migrate` takes it exclusively, so
 * migrations run once however many start together; a `worker` takes it shared only to check
 * that the schema is current, so it never reads a half-migrated one.
 */
export const MIGRATION_LOCK_KEY = 4_102_774_221_063;

const POLL_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` while this process holds the migration lock (PostgreSQL only; the embedded PGlite
 * has one process by construction). Waits for another holder by polling a try-lock, so neither
 * the pool's statement timeout nor a dead holder's lock (released with its connection) can stall
 * it; says once that it waits.
 */
export async function withMigrationLock<T>(
  db: Kysely<Database>,
  log: (message: string) => void,
  work: () => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    let said = false;
    for (;;) {
      const { rows } = await sql<{
        got: boolean;
      }>`select pg_try_advisory_lock(${sql.lit(MIGRATION_LOCK_KEY)}::bigint) as got`.execute(conn);
      if (rows[0]?.got) break;
      if (!said) {
        log("Another process is migrating the database: waiting for it to finish.");
        said = true;
      }
      await sleep(POLL_MS);
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY)}::bigint)`.execute(conn);
    }
  });
}

/** Names of the migrations this build has that the database has not run. */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrations = await (await migratorOf(db)).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/**
 * Waits until every migration of this build has run and no process is migrating (a worker's
 * start: it never migrates). Polls every `pollMs`, saying once what it waits for.
 */
export async function waitForMigrations(
  db: Kysely<Database>,
  log: (message: string) => void,
  pollMs = 1_000,
): Promise<void> {
  let said = false;
  for (;;) {
    const pending = await db.connection().execute(async (conn) => {
      const { rows } = await sql<{
        got: boolean;
      }>`select pg_try_advisory_lock_shared(${sql.lit(MIGRATION_LOCK_KEY)}::bigint) as got`.execute(
        conn,
      );
      if (!rows[0]?.got) return null;
      try {
        return await pendingMigrations(conn);
      } finally {
        await sql`select pg_advisory_unlock_shared(${sql.lit(MIGRATION_LOCK_KEY)}::bigint)`.execute(
          conn,
        );
      }
    });
    if (pending !== null && pending.length === 0) return;
    if (!said) {
      log(
        pending === null
          ? "Waiting for the database migrations another process is running."
          : `Waiting for the database migrations (${pending.length} to run): a web process runs them when it starts, or run \`npm run migrate\`.`,
      );
      said = true;
    }
    await sleep(pollMs);
  }
}
