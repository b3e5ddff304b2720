import { sql, type Kysely } from "kysely";

/**
 * The Proof Library: approved facts that claims in generated copy are bound to, and an index
 * to find the stored content items whose quality report binds a claim to a given fact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("proof_fact")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("statement", "text", (c) => c.notNull())
    .addColumn("value", "float8")
    .addColumn("value_max", "float8")
    .addColumn("unit", "text", (c) =>
      c.check(sql`unit is null or unit in ('%', 'USD', 'EUR', 'GBP', 'x', 'count')`),
    )
    .addColumn("subject_type", "text", (c) =>
      c.notNull().check(sql`subject_type in ('company', 'solution', 'industry')`),
    )
    .addColumn("subject_id", "text")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("owner", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("proposed")
        .check(sql`status in ('proposed', 'approved', 'retired')`),
    )
    .addColumn("expires_on", "text", (c) =>
      c.check(sql`expires_on is null or expires_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    )
    .addColumn("is_sample", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("proposed_by", "text")
    .addColumn("approved_by", "text")
    .addColumn("approved_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("proof_fact_value_unit", sql`(value is null) = (unit is null)`)
    .execute();
  await db.schema
    .createIndex("proof_fact_status_idx")
    .on("proof_fact")
    .columns(["status", "updated_at"])
    .execute();
  // "Which stored items bind a claim to fact X": quality_report->'claims' @> '[{"factId":"X"}]'.
  await sql`create index content_item_claims_idx on content_item using gin ((quality_report -> 'claims') jsonb_path_ops)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
