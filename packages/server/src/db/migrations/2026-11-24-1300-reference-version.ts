import { sql, type Kysely } from "kysely";

/** The tables whose rows make up the reference answers (personas, industries, stages, catalogue). */
const REFERENCE_TABLES = [
  "persona",
  "industry",
  "buying_stage",
  "company_profile",
  "key_metric",
  "solution",
  "offer",
];

/**
 * One counter that every change to reference data bumps, in the changing transaction, through
 * statement-level triggers: any writer (an admin's edit, the seed, a script) moves it, and every
 * instance sees the new value with one primary-key read, so cached answers are dropped at once.
 * The triggers also NOTIFY `reference_version` (delivered at commit): the embedded PGlite, the
 * only process on its database, learns of changes that way without reading the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reference_version")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("version", "bigint", (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`insert into reference_version (id, version) values (1, 1)`.execute(db);
  await sql`
    create function bump_reference_version() returns trigger language plpgsql as $$
    begin
      update reference_version set version = version + 1 where id = 1;
      perform pg_notify('reference_version', '');
      return null;
    end
    $$`.execute(db);
  for (const table of REFERENCE_TABLES) {
    await sql`
      create trigger ${sql.ref(`${table}_bumps_reference_version`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_reference_version()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of REFERENCE_TABLES) {
    await sql`drop trigger if exists ${sql.ref(`${table}_bumps_reference_version`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop function if exists bump_reference_version()`.execute(db);
  await db.schema.dropTable("reference_version").execute();
}
