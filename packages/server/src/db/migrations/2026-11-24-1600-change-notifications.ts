import { sql, type Kysely } from "kysely";

/** Channel → the tables whose changes it announces (mirrors CHANGE_CHANNELS in db/change-feed.ts). */
const NOTIFYING: Record<string, string[]> = {
  auth_change: ["session", "user"],
  examples_change: ["example"],
};

/**
 * Statement-level triggers that NOTIFY a channel in every transaction changing sessions, users
 * or examples (delivered at commit, once per channel and transaction): in-process caches of
 * sessions and example lists drop what they hold when any writer, in any process, changes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [channel, tables] of Object.entries(NOTIFYING)) {
    await sql`
      create function ${sql.ref(`notify_${channel}`)}() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(channel)}, '');
        return null;
      end
      $$`.execute(db);
    for (const table of tables) {
      await sql`
        create trigger ${sql.ref(`${table}_notifies_${channel}`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function ${sql.ref(`notify_${channel}`)}()`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [channel, tables] of Object.entries(NOTIFYING)) {
    for (const table of tables) {
      await sql`drop trigger if exists ${sql.ref(`${table}_notifies_${channel}`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
    await sql`drop function if exists ${sql.ref(`notify_${channel}`)}()`.execute(db);
  }
}
