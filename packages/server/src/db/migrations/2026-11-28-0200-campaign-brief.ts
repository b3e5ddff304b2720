import { sql, type Kysely } from "kysely";

/**
 * Campaign briefs: one brief (message, facts, offers, assets, languages, owner, due date) and
 * the persona x industry x stage cells it is carried to, in the order they were chosen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("campaign_brief")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("objective", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("key_message", "text", (c) => c.notNull())
    .addColumn("fact_ids", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("offers", "jsonb", (c) => c.notNull())
    .addColumn("assets", "jsonb", (c) => c.notNull())
    .addColumn("article_content_type", "text", (c) => c.notNull())
    .addColumn("languages", "jsonb", (c) => c.notNull())
    .addColumn("owner_id", "text", (c) => c.notNull().references("user.id"))
    .addColumn("due_date", "date")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("campaign_brief_updated_idx")
    .on("campaign_brief")
    .columns(["updated_at", "id"])
    .execute();
  await db.schema
    .createIndex("campaign_brief_owner_idx")
    .on("campaign_brief")
    .column("owner_id")
    .execute();

  await db.schema
    .createTable("campaign_brief_cell")
    .addColumn("brief_id", "text", (c) =>
      c.notNull().references("campaign_brief.id").onDelete("cascade"),
    )
    .addColumn("persona_id", "text", (c) => c.notNull().references("persona.id"))
    .addColumn("industry_id", "text", (c) => c.notNull().references("industry.id"))
    .addColumn("buying_stage", "text", (c) => c.notNull().references("buying_stage.id"))
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("campaign_brief_cell_pk", [
      "brief_id",
      "persona_id",
      "industry_id",
      "buying_stage",
    ])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
