import { sql, type Kysely } from "kysely";

/**
 * `NOTIFY library_change` in every transaction that changes content items (statement-level,
 * delivered at commit): cached library list answers are dropped when any writer, in any
 * process, changes an item (db/change-feed.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_library_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('library_change', '');
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger content_item_notifies_library_change
    after insert or update or delete or truncate on content_item
    for each statement execute function notify_library_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists content_item_notifies_library_change on content_item`.execute(
    db,
  );
  await sql`drop function if exists notify_library_change()`.execute(db);
}
