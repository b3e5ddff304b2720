import { sql, type Kysely } from "kysely";

/**
 * Indexed example search: a `search_words` tsvector (written by the application, see
 * modules/examples/search-words.ts) with a GIN index. The index takes new entries into a large
 * pending list (fastupdate) that an ingest merges once at its end, so a 10,000-file ingest
 * pays for one bulk merge instead of 10,000 index insertions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table example add column search_words tsvector not null default ''::tsvector`.execute(
    db,
  );
  // Frozen copy of the tokenizer at the time of this migration, to fill existing rows.
  const wordsOf = (text: string) =>
    [
      ...new Set(
        (
          text
            .normalize("NFKC")
            .toLowerCase()
            .match(/[\p{L}\p{N}]+/gu) ?? []
        ).map((w) => w.slice(0, 64)),
      ),
    ]
      .map((w) => `'${w}'`)
      .join(" ");
  let after = "";
  for (;;) {
    const rows = await sql<{ id: string; search_text: string }>`
      select id, search_text from example where id > ${after} order by id limit 500`.execute(db);
    if (rows.rows.length === 0) break;
    for (const row of rows.rows) {
      await sql`update example set search_words = ${wordsOf(row.search_text)}::tsvector where id = ${row.id}`.execute(
        db,
      );
    }
    after = rows.rows[rows.rows.length - 1]!.id;
  }
  // The lower-cased copy of every example's text served only the unindexed ILIKE search.
  await sql`alter table example drop column search_text`.execute(db);
  await sql`create index example_search_words_idx on example using gin (search_words)
    with (fastupdate = on, gin_pending_list_limit = 65536)`.execute(db);
  // The list's order: a page of the newest examples is read from the index, not sorted.
  await sql`create index example_list_order_idx on example (updated_at desc, title, id)
    where archived_at is null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
