import { sql, type Kysely } from "kysely";

/**
 * Publishing connectors (decision 0049). A connection keeps its password or token sealed
 * (AES-256-GCM under a key derived from the server secret). An export is one item's draft at
 * one connection: the external id is stored as soon as it is known, so a retry or a re-export
 * updates that draft instead of making another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table publishing_connection (
      id text primary key,
      target text not null
        constraint publishing_connection_target check (target in ('wordpress', 'hubspot', 'webflow')),
      name text not null,
      settings jsonb not null,
      utm jsonb not null,
      secret_sealed text not null,
      field_mapping jsonb,
      last_test jsonb,
      created_by text references "user"(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table content_export (
      id text primary key,
      content_item_id text not null references content_item(id) on delete cascade,
      connection_id text not null references publishing_connection(id) on delete cascade,
      requested_version integer not null,
      exported_version integer,
      external_id text,
      external_url text,
      external_key text not null,
      status text not null default 'pending'
        constraint content_export_status check (status in ('pending', 'drafted', 'failed')),
      attempts integer not null default 0,
      last_error text,
      next_attempt_at timestamptz,
      requested_by text references "user"(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint content_export_item_connection unique (content_item_id, connection_id)
    )`.execute(db);
  await sql`
    create index content_export_connection_idx on content_export (connection_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
