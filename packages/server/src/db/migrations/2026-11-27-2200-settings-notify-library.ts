import { sql, type Kysely } from "kysely";

/**
 * `NOTIFY library_change` when an organisation setting changes: each cached library row
 * carries the caller's `can`, and whether an author may approve their own item is a setting
 * (db/change-feed.ts lists app_setting under library_change).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger app_setting_notifies_library_change
    after insert or update or delete or truncate on app_setting
    for each statement execute function notify_library_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists app_setting_notifies_library_change on app_setting`.execute(db);
}
