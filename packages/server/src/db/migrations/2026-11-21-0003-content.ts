import { sql, type Kysely } from "kysely";

/** Generated content items, each with its provenance and quality scores. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_item")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("persona_id", "text", (c) => c.notNull().references("persona.id"))
    .addColumn("industry_id", "text", (c) => c.notNull().references("industry.id"))
    .addColumn("buying_stage", "text", (c) => c.notNull())
    .addColumn("topic", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`status in ('draft', 'published')`),
    )
    .addColumn("headline", "text", (c) => c.notNull())
    .addColumn("introduction", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("conclusion", "text", (c) => c.notNull())
    .addColumn("image_prompt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("key_metrics", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("featured_solutions", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("primary_keyword", "text")
    .addColumn("visualization", "jsonb")
    .addColumn("repurposed", "jsonb")
    .addColumn("quality_before", "float8")
    .addColumn("quality_after", "float8")
    .addColumn("quality_report", "jsonb")
    .addColumn("provenance", "jsonb", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("content_item_created_idx")
    .on("content_item")
    .columns(["created_at desc", "id"])
    .execute();
  await db.schema
    .createIndex("content_item_updated_idx")
    .on("content_item")
    .columns(["updated_at desc", "id"])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
