import { sql, type Kysely } from "kysely";

/**
 * The audit log refuses TRUNCATE as it refuses UPDATE and DELETE: a statement-level trigger,
 * since TRUNCATE fires no row triggers. (The function of the append-only trigger raises.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
