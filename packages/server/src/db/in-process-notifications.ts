import type { PGlite } from "@electric-sql/pglite";
import type { Kysely } from "kysely";
import type { Database } from "./types";

const embedded = new WeakMap<Kysely<Database>, PGlite>();

/** Records that `db` runs on this embedded PGlite (filled by openDatabase). */
export function markPglite(db: Kysely<Database>, pglite: PGlite): void {
  embedded.set(db, pglite);
}

/**
 * Calls `onNotify` for every NOTIFY on `channel`, when `db` is the embedded PGlite: one process
 * owns that database (its lock file refuses a second), so every writer's notification reaches
 * this process, delivered when the writing transaction commits. Resolves to a function that
 * stops listening, or to null on PostgreSQL, where other instances write too and callers read
 * the shared state instead.
 */
export async function listenInProcess(
  db: Kysely<Database>,
  channel: string,
  onNotify: () => void,
): Promise<(() => Promise<void>) | null> {
  const pglite = embedded.get(db);
  if (!pglite) return null;
  return pglite.listen(channel, onNotify);
}
