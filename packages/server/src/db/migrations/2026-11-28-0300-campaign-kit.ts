import { sql, type Kysely } from "kysely";

/**
 * Campaign kits: a run of a brief (kept as it was run) and its steps, one per asset of a cell
 * in a language. A step row is the truth of its progress; every change NOTIFYs `kit_progress`
 * with the kit's id, so the live view works with several server processes. Library items made
 * by a kit say which asset and language they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table campaign_kit (
      id text primary key,
      brief_id text not null references campaign_brief(id) on delete cascade,
      brief_name text not null,
      brief jsonb not null,
      status text not null check (status in ('running', 'cancelled', 'done', 'failed')),
      provider text not null,
      notices jsonb not null default '[]',
      started_by text references "user"(id) on delete set null,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index campaign_kit_brief on campaign_kit (brief_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create table campaign_kit_step (
      id text primary key,
      kit_id text not null references campaign_kit(id) on delete cascade,
      cell_key text not null,
      persona_id text not null,
      industry_id text not null,
      buying_stage text not null,
      language text not null,
      asset text not null,
      sort_order integer not null,
      status text not null
        check (status in ('queued', 'writing', 'checking', 'done', 'failed', 'skipped')),
      attempts integer not null default 0,
      reason text,
      claim_job text,
      claim_attempt integer,
      content_item_id text references content_item(id) on delete set null,
      quality_score double precision,
      findings jsonb not null default '[]',
      started_at timestamptz,
      finished_at timestamptz,
      unique (kit_id, cell_key, language, asset)
    )`.execute(db);
  await sql`create index campaign_kit_step_cell on campaign_kit_step (kit_id, cell_key, sort_order)`.execute(
    db,
  );
  await sql`create index campaign_kit_step_item on campaign_kit_step (content_item_id)`.execute(db);
  await sql`
    create function notify_kit_progress() returns trigger language plpgsql as $$
    begin
      perform pg_notify('kit_progress', coalesce(new.kit_id, old.kit_id));
      return null;
    end
    $$`.execute(db);
  await sql`
    create function notify_kit_status() returns trigger language plpgsql as $$
    begin
      perform pg_notify('kit_progress', coalesce(new.id, old.id));
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger campaign_kit_step_notifies after insert or update on campaign_kit_step
    for each row execute function notify_kit_progress()`.execute(db);
  await sql`
    create trigger campaign_kit_notifies after insert or update on campaign_kit
    for each row execute function notify_kit_status()`.execute(db);
  await sql`alter table content_item add column kit_asset text`.execute(db);
  await sql`alter table content_item add column language text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table content_item drop column if exists language`.execute(db);
  await sql`alter table content_item drop column if exists kit_asset`.execute(db);
  await sql`drop table if exists campaign_kit_step`.execute(db);
  await sql`drop table if exists campaign_kit`.execute(db);
  await sql`drop function if exists notify_kit_progress()`.execute(db);
  await sql`drop function if exists notify_kit_status()`.execute(db);
}
