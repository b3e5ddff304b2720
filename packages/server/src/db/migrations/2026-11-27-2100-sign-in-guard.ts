import { sql, type Kysely } from "kysely";

/**
 * Per-account sign-in state that holds across processes: the progressive delay on attempts
 * from addresses the account has never signed in from (`sign_in_guard`), and the addresses
 * each account has signed in from (`sign_in_known_client`), which that delay does not hold up.
 * Both are keyed by the email as typed at sign-in (lower-cased by the contract), so an unknown
 * address is treated exactly like a known one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sign_in_guard")
    .addColumn("account", "text", (c) => c.primaryKey())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("sign_in_known_client")
    .addColumn("account", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("last_success_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("sign_in_known_client_pk", ["account", "ip"])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
