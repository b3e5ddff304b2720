import { sql, type Kysely } from "kysely";

/** The channels (and their tables) of migrations 1600, 1700 and 2200, which this replaces. */
const OLD_CHANNELS: Record<string, string[]> = {
  auth_change: ["session", "user"],
  examples_change: ["example"],
  library_change: ["content_item", "app_setting"],
};

/**
 * The tables the caches kept in process read (frozen here: a later cache that reads another
 * table adds its trigger in a migration of its own; db/change-feed.ts WATCHED_TABLES and the
 * dependency test hold code and database to the same list).
 */
const WATCHED = ["session", "user", "content_item", "app_setting", "example"];

/**
 * One channel per table instead of one per cache: a statement-level trigger on each watched
 * table NOTIFYs `table_change` with the table's name (delivered at commit, once per table and
 * transaction), so a cache is dropped only when a table its answer read changes — a sign-in
 * (a session row) no longer empties the library pages. The per-cache channels and their
 * functions go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [channel, tables] of Object.entries(OLD_CHANNELS)) {
    for (const table of tables) {
      await sql`drop trigger if exists ${sql.ref(`${table}_notifies_${channel}`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
    await sql`drop function if exists ${sql.ref(`notify_${channel}`)}()`.execute(db);
  }
  await sql`
    create function notify_table_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('table_change', TG_TABLE_NAME);
      return null;
    end
    $$`.execute(db);
  for (const table of WATCHED) {
    await sql`
      create trigger ${sql.ref(`${table}_notifies_table_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_table_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of WATCHED) {
    await sql`drop trigger if exists ${sql.ref(`${table}_notifies_table_change`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop function if exists notify_table_change()`.execute(db);
}
