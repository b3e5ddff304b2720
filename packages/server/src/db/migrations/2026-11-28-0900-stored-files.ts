import { sql, type Kysely } from "kysely";

/**
 * Files above the inline limit are kept in the object store (S3 or DATA_DIR/objects,
 * decision 0050), and the database keeps their reference (key, size, SHA-256, content type).
 * An upload's run refers to its one object; a folder upload's files are ranges of that object
 * (`object_offset`, `object_size`) instead of `bytes`. A kit export over the limit is an object
 * its requester downloads for a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ingest_upload_object (
      run_id text primary key references ingest_run(id) on delete cascade,
      key text not null unique,
      size bigint not null,
      sha256 text not null,
      content_type text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table kit_export (
      id text primary key,
      kit_id text not null references campaign_kit(id) on delete cascade,
      requested_by text not null references "user"(id) on delete cascade,
      file_name text not null,
      key text not null unique,
      size bigint not null,
      sha256 text not null,
      content_type text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index kit_export_kit on kit_export (kit_id)`.execute(db);
  await sql`create index kit_export_created on kit_export (created_at)`.execute(db);
  await sql`alter table ingest_upload_part alter column bytes drop not null`.execute(db);
  await sql`alter table ingest_upload_part add column object_offset bigint`.execute(db);
  await sql`alter table ingest_upload_part add column object_size integer`.execute(db);
  await sql`
    alter table ingest_upload_part add constraint ingest_upload_part_bytes_or_range
      check ((bytes is not null and object_offset is null and object_size is null)
          or (bytes is null and object_offset is not null and object_size is not null))`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
