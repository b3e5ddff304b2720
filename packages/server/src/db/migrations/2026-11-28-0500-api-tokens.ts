import { sql, type Kysely } from "kysely";

/**
 * API tokens (decision 0045). A token is `cs_<id>_<secret>`; only the SHA-256 of the whole
 * token is stored, and a request finds its row by the id part (the primary key). The owner's
 * role and active status are read from the user row on every request, never copied here.
 * Revoked tokens keep their row (revoked_at set) so the audit log's target still names them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("api_token")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("owner_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('personal', 'service')`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("scopes", "jsonb", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("last_used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .addColumn("revoked_by", "text")
    .execute();
  await sql`create index api_token_owner_idx on api_token (owner_id) where revoked_at is null`.execute(
    db,
  );
  await sql`create index api_token_service_idx on api_token (created_at) where kind = 'service' and revoked_at is null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
