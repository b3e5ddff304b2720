import { sql, type Kysely } from "kysely";

/**
 * The company voice (tone attributes, words to prefer and avoid, point of view) and the
 * sample mark on the company profile. A database whose profile no admin has saved yet (no
 * `company.profile_changed` audit entry) still holds the first-run sample, so it is marked as
 * one; a new database gets the mark from the seed, which runs after the migrations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("company_profile")
    .addColumn("voice", "jsonb", (c) =>
      c
        .notNull()
        .defaultTo(
          sql`'{"toneAttributes":[],"preferredWords":[],"avoidWords":[],"pointOfView":"second-person"}'::jsonb`,
        ),
    )
    .addColumn("is_sample", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`
    update company_profile set is_sample = true
    where not exists (select 1 from audit_log where action = 'company.profile_changed')`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
