import { sql, type Kysely } from "kysely";

/**
 * The glossary: terms per concept and output language with a status. A term is unique per
 * concept and language, case-insensitively, so "Cost Engine" and "cost engine" cannot both be
 * stored for one concept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("glossary_term")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("concept", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) =>
      c.notNull().check(sql`locale in ('en', 'de', 'fr', 'es', 'ja')`),
    )
    .addColumn("term", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('preferred', 'admitted', 'forbidden', 'do-not-translate')`),
    )
    .addColumn("case_sensitive", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("note", "text")
    .addColumn("updated_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index glossary_term_key_idx on glossary_term (lower(concept), locale, lower(term))`.execute(
    db,
  );
  await db.schema
    .createIndex("glossary_term_locale_idx")
    .on("glossary_term")
    .columns(["locale", "status"])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
