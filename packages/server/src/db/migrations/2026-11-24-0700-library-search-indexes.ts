import { sql, type Kysely } from "kysely";

/**
 * The library's search indexes (title trigrams, full-text search_vector) write every insertion
 * into the index at once (fastupdate off). With fastupdate on, new entries wait in a pending list
 * that every search reads through until a vacuum merges it; PGlite runs no autovacuum, so at
 * 100,000 items that list made each search read megabytes of unsorted entries. Items are
 * written one at a time, so the per-insert cost is small. The pending entries are merged now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of ["content_item_title_trgm_idx", "content_item_search_idx"]) {
    await sql`alter index ${sql.ref(index)} set (fastupdate = off)`.execute(db);
    await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ["content_item_title_trgm_idx", "content_item_search_idx"]) {
    await sql`alter index ${sql.ref(index)} reset (fastupdate)`.execute(db);
  }
}
