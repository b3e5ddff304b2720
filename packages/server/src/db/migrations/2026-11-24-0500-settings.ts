import { sql, type Kysely } from "kysely";

/**
 * Issue 11: personal settings on the server, password changes and resets, the audit log and
 * the company profile's new parts (description, products, offers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Set when an admin gives the user a temporary password: the next sign-in must change it.
  await db.schema
    .alterTable("user")
    .addColumn("mustChangePassword", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable("user_preference")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("dark_mode", "boolean", (c) => c.notNull())
    .addColumn("accent_color", "text", (c) => c.notNull())
    .addColumn("compact_mode", "boolean", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Only a SHA-256 of each token is kept; the token itself is in the link and nowhere else.
  await db.schema
    .createTable("password_reset_token")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('email', 'admin_link')`))
    .addColumn("created_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("password_reset_token_user_idx")
    .on("password_reset_token")
    .column("user_id")
    .execute();

  // Append-only: no foreign keys (entries outlive users), and a trigger refuses UPDATE and
  // DELETE, so not even a bug in our own code can rewrite history.
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("actor_id", "text")
    .addColumn("actor_label", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("target_label", "text")
    .addColumn("ip", "text")
    .addColumn("changes", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").columns(["at", "id"]).execute();
  await db.schema
    .createIndex("audit_log_actor_idx")
    .on("audit_log")
    .columns(["actor_id", "at"])
    .execute();
  await db.schema
    .createIndex("audit_log_action_idx")
    .on("audit_log")
    .columns(["action", "at"])
    .execute();
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end;
    $$`.execute(db);
  await sql`
    create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);

  await db.schema
    .alterTable("company_profile")
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("solution")
    .addColumn("product", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createTable("offer")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("stages", "jsonb", (c) => c.notNull())
    .execute();

  // A database seeded before this migration gets the default offers; a new one gets them
  // from the seed, which runs after the migrations.
  await sql`
    insert into offer (id, sort_order, name, url, stages)
    select v.id, v.sort_order, v.name, v.url, v.stages::jsonb
    from (values
      ('benchmark-report', 0, 'Should-Cost Benchmark Report',
        'https://www.example.com/resources/should-cost-benchmark-report', '["awareness"]'),
      ('comparison-guide', 1, 'Cost Engineering Software Comparison Guide',
        'https://www.example.com/resources/cost-engineering-comparison-guide', '["consideration"]'),
      ('pilot-plan', 2, '90-Day Pilot Plan', 'https://www.example.com/pilot-plan', '["decision"]'),
      ('roi-calculator', 3, 'ROI Calculator', 'https://www.example.com/roi-calculator',
        '["consideration","decision"]')
    ) as v(id, sort_order, name, url, stages)
    where exists (select 1 from company_profile)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
