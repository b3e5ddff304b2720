import { sql, type Kysely } from "kysely";

/**
 * The content library: the four lifecycle states, the Trash (deleted_at), versions bound to
 * approvals, a history of transitions, and search (full-text over every section plus a
 * trigram index on titles) with indexes for the list's sorts and filters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table content_item drop constraint if exists content_item_status_check`.execute(
    db,
  );
  await sql`alter table content_item add constraint content_item_status_check
    check (status in ('draft', 'in_review', 'approved', 'published'))`.execute(db);

  await db.schema
    .alterTable("content_item")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_by", "text")
    .addColumn("deleted_at", "timestamptz")
    .addColumn("deleted_by", "text")
    .addColumn("approved_version", "integer")
    .addColumn("approved_by", "text")
    .addColumn("approved_at", "timestamptz")
    .addColumn("duplicated_from", "text")
    .execute();

  // Tag tokens of the body's HTML are not indexed by the english configuration.
  await sql`alter table content_item add column search_vector tsvector
    generated always as (
      setweight(to_tsvector('english'::regconfig, title || ' ' || headline), 'A') ||
      setweight(to_tsvector('english'::regconfig, introduction || ' ' || conclusion), 'B') ||
      setweight(to_tsvector('english'::regconfig, body), 'C')
    ) stored`.execute(db);

  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create index content_item_title_trgm_idx on content_item
    using gin (lower(title) public.gin_trgm_ops)`.execute(db);
  await sql`create index content_item_search_idx on content_item using gin (search_vector)`.execute(
    db,
  );
  await sql`create index content_item_active_updated_idx on content_item (updated_at desc, id desc)
    where deleted_at is null`.execute(db);
  await sql`create index content_item_active_created_idx on content_item (created_at desc, id desc)
    where deleted_at is null`.execute(db);
  await sql`create index content_item_active_quality_idx on content_item
    ((coalesce(quality_after, -1)) desc, id desc) where deleted_at is null`.execute(db);
  await sql`create index content_item_trash_idx on content_item (deleted_at desc, id desc)
    where deleted_at is not null`.execute(db);
  await sql`create index content_item_author_idx on content_item (created_by, updated_at desc)
    where deleted_at is null`.execute(db);
  await sql`create index content_item_coverage_idx on content_item
    (persona_id, industry_id, buying_stage) include (quality_after)
    where deleted_at is null and status in ('approved', 'published')`.execute(db);

  await db.schema
    .createTable("content_item_version")
    .addColumn("content_item_id", "text", (c) =>
      c.notNull().references("content_item.id").onDelete("cascade"),
    )
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("headline", "text", (c) => c.notNull())
    .addColumn("introduction", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("conclusion", "text", (c) => c.notNull())
    .addColumn("quality_score", "float8")
    .addColumn("quality_report", "jsonb")
    .addColumn("changed_sections", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_by", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("content_item_version_pk", ["content_item_id", "version"])
    .execute();

  await db.schema
    .createTable("content_item_event")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Orders events written in one transaction (same created_at).
    .addColumn("seq", "bigserial", (c) => c.notNull())
    .addColumn("content_item_id", "text", (c) =>
      c.notNull().references("content_item.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("from_status", "text")
    .addColumn("to_status", "text")
    .addColumn("version", "integer")
    .addColumn("note", "text")
    .addColumn("actor_id", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("content_item_event_item_idx")
    .on("content_item_event")
    .columns(["content_item_id", "seq"])
    .execute();

  // Items stored before versions existed get their current text as version 1.
  await sql`insert into content_item_version
      (content_item_id, version, title, headline, introduction, body, conclusion,
       quality_score, quality_report, note, created_by, created_at)
    select id, 1, title, headline, introduction, body, conclusion,
       quality_after, quality_report, 'Generated', created_by, created_at
    from content_item`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
