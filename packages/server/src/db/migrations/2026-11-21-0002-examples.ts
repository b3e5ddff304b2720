import { sql, type Kysely } from "kysely";

/** Benchmark examples and ingest runs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("example")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("source_key", "text", (c) => c.notNull())
    .addColumn("source_path", "text", (c) => c.notNull())
    .addColumn("content_hash", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull().check(sql`category in ('good', 'bad')`))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("persona_id", "text", (c) => c.notNull().references("persona.id"))
    .addColumn("industry_id", "text", (c) => c.references("industry.id"))
    .addColumn("buying_stage", "text")
    .addColumn("tags", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("headline", "text", (c) => c.notNull())
    .addColumn("introduction", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("conclusion", "text", (c) => c.notNull())
    .addColumn("search_text", "text", (c) => c.notNull())
    .addColumn("archived_at", "timestamptz")
    .addColumn("created_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("example_source_path_key", ["source_key", "source_path"])
    .execute();
  await db.schema
    .createIndex("example_category_idx")
    .on("example")
    .columns(["category", "content_type"])
    .execute();
  await sql`create index example_tags_idx on example using gin (tags jsonb_path_ops)`.execute(db);
  // No index on search_text: a GIN index (trigram or full-text) doubled the cost of ingesting
  // 10,000 files, while an unindexed ILIKE over 10,000 examples takes ~0.3 s on PGlite and far
  // less on PostgreSQL; benchmark repositories hold hundreds of examples.

  await db.schema
    .createTable("ingest_job")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("source_key", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("processed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("added", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unchanged", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("errors", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failures", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("missing", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("message", "text")
    .addColumn("started_by", "text")
    .addColumn("started_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("heartbeat_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("finished_at", "timestamptz")
    .execute();
  // At most one running ingest per source: the second is refused by the database itself.
  await sql`create unique index ingest_job_running_idx on ingest_job (source_key) where status = 'running'`.execute(
    db,
  );
  await db.schema
    .createIndex("ingest_job_started_idx")
    .on("ingest_job")
    .column("started_at")
    .execute();
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
