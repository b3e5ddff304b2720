import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/types";

/** One round trip to the database; throws when it is unreachable. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The names of the migrations this database has run (none when it was never migrated). */
export async function executedMigrationNames(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{
    present: boolean;
  }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return [];
  const executed = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return executed.rows.map((r) => r.name);
}

/** Whether the job engine's schema holds its job table. */
export async function jobTablePresent(db: Kysely<Database>, schema: string): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    select to_regclass(quote_ident(${schema}) || '.job') is not null as present`.execute(db);
  return rows[0]?.present === true;
}
