import { sql, type Kysely } from "kysely";

/**
 * Example ingests run on the job engine (decision 0041). What was the hand-made job table
 * (its status, heartbeat and per-source lock) becomes the record of an ingest run: what it
 * read, counted and found missing. Running it, taking it over from a dead process and retrying
 * it is pg-boss's work, so the heartbeat column goes. A run keeps where it reads from
 * (`source`), so whichever process takes the job can list it; a browser upload is staged in
 * the database (one row per file, or 1 MiB chunks of an archive) for the same reason, and its
 * rows go when the run ends. A run still marked running on the old runner never resumes: it is
 * closed as interrupted, as the old start-up recovery did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ingest_job rename to ingest_run`.execute(db);
  await sql`alter index ingest_job_started_idx rename to ingest_run_started_idx`.execute(db);
  await sql`drop index ingest_job_running_idx`.execute(db);
  await sql`
    update ingest_run
    set status = 'failed',
        message = 'Interrupted before it finished. Run the ingest again to complete it.',
        finished_at = now()
    where status = 'running'`.execute(db);
  await sql`alter table ingest_run drop column heartbeat_at`.execute(db);
  await sql`alter table ingest_run add column source jsonb`.execute(db);
  await sql`
    alter table ingest_run add constraint ingest_run_status
      check (status in ('queued', 'running', 'succeeded', 'failed'))`.execute(db);
  // At most one unfinished run per source: the second is refused by the database itself.
  await sql`
    create unique index ingest_run_active_idx on ingest_run (source_key)
      where status in ('queued', 'running')`.execute(db);
  await sql`
    create table ingest_upload_part (
      run_id text not null references ingest_run(id) on delete cascade,
      seq integer not null,
      path text,
      bytes bytea not null,
      primary key (run_id, seq)
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
