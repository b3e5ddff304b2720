import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/types";

/** One round trip to the database; throws when it is unreachable. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
