import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The sections of the examples chosen for a prompt, in one query (read-only use of the
 * examples module's table; archived examples are left out).
 */
export function findPromptExamples(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("example")
    .select(["id", "title", "category", "headline", "introduction", "body", "conclusion", "notes"])
    .where("id", "in", [...ids])
    .where("archived_at", "is", null)
    .execute();
}
