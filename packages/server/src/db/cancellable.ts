import { sql, type Kysely } from "kysely";
import type { Database } from "./types";

/** The statement was stopped because whoever asked for it went away. */
export class QueryCancelledError extends Error {
  constructor() {
    super("The query was cancelled because its request ended.");
    this.name = "QueryCancelledError";
  }
}

/** Kysely instances backed by a PostgreSQL pool (filled by openDatabase). */
const onPostgres = new WeakSet<Kysely<Database>>();

export function markPostgres(db: Kysely<Database>): void {
  onPostgres.add(db);
}

/**
 * Runs `work` so that an abort stops it. On PostgreSQL the statements run on one pooled
 * connection, and an abort sends `pg_cancel_backend` for that connection's backend from
 * another one: the server stops the statement at once and `work` rejects. The cancel is
 * awaited before the connection goes back to the pool, so it can never hit a later query.
 * PGlite runs one statement at a time in this process and cannot interrupt one: there an
 * abort only keeps statements that have not started yet from running (callers bound the
 * cost of each statement instead).
 */
export async function runCancellable<T>(
  db: Kysely<Database>,
  signal: AbortSignal | undefined,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (signal?.aborted) throw new QueryCancelledError();
  if (!signal || !onPostgres.has(db)) {
    const result = await work(db);
    if (signal?.aborted) throw new QueryCancelledError();
    return result;
  }
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
    const pid = rows[0]?.pid;
    let cancelling: Promise<unknown> | undefined;
    let running = true;
    const onAbort = () => {
      if (!running || pid === undefined) return;
      cancelling = sql`select pg_cancel_backend(${pid})`.execute(db).catch(() => undefined);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      return await work(conn);
    } catch (error) {
      if (signal.aborted) throw new QueryCancelledError();
      throw error;
    } finally {
      running = false;
      signal.removeEventListener("abort", onAbort);
      await cancelling;
    }
  });
}
