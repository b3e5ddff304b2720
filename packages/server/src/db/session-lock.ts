import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "./types";

/** First key of every ingest-job advisory lock (the second is the source's hash). */
export const INGEST_LOCK_NAMESPACE = 0x1e6e57;

/**
 * The second key of a source's lock: a hash of the schema and the source key, so two
 * schemas on one database (tests, several installs) never share a lock.
 */
export function ingestLockKey(sourceKey: RawBuilder<unknown> | string): RawBuilder<number> {
  return sql<number>`hashtext(current_schema() || ':' || ${sourceKey})`;
}

/** Releases a session lock and gives its connection back to the pool. */
export type SessionLockRelease = () => Promise<void>;

/**
 * Takes a session-level advisory lock (PostgreSQL) on a connection of its own, held until
 * released. The lock lives as long as that connection: if the process dies (kill -9), the
 * server drops the connection and the lock with it, at once. Resolves to null when another
 * session holds the lock.
 */
export function holdSessionLock(
  db: Kysely<Database>,
  sourceKey: string,
): Promise<SessionLockRelease | null> {
  return new Promise((resolve, reject) => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const held = db.connection().execute(async (conn) => {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_lock(${INGEST_LOCK_NAMESPACE}, ${ingestLockKey(sourceKey)}) as locked
      `.execute(conn);
      if (!rows[0]?.locked) {
        resolve(null);
        return;
      }
      resolve(async () => {
        release();
        await held;
      });
      await released;
      await sql`select pg_advisory_unlock(${INGEST_LOCK_NAMESPACE}, ${ingestLockKey(sourceKey)})`
        .execute(conn)
        .catch(() => undefined);
    });
    held.catch(reject);
  });
}
