import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/types";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A cheap fingerprint of the active examples (count and latest change): every insert, edit,
 * archive and delete changes it, so the similarity index is rebuilt only when it must be.
 */
export async function readExamplesVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom("example")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("n"),
      // As text, to keep PostgreSQL's microseconds (a Date would round them to milliseconds).
      sql<string | null>`max(updated_at)::text`.as("latest"),
    ])
    .where("archived_at", "is", null)
    .executeTakeFirstOrThrow();
  return `${Number(row.n)}:${row.latest ?? ""}`;
}
