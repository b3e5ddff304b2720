import { sql, type Kysely } from "kysely";

/**
 * Signed webhooks (decision 0046). An endpoint keeps its signing secret sealed (AES-256-GCM
 * under a key derived from the server secret), and after a rotation the previous one until
 * `previous_secret_until`. A delivery is one message (an event for an endpoint) with the
 * `webhook-id` every attempt repeats; each attempt is a row of the delivery log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_endpoint (
      id text primary key,
      url text not null,
      description text not null default '',
      events jsonb not null,
      enabled boolean not null default true,
      disabled_reason text,
      secret_sealed text not null,
      previous_secret_sealed text,
      previous_secret_until timestamptz,
      created_by text references "user"(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table webhook_delivery (
      id text primary key,
      endpoint_id text not null references webhook_endpoint(id) on delete cascade,
      message_id text not null,
      event_type text not null,
      payload text not null,
      status text not null default 'pending'
        constraint webhook_delivery_status check (status in ('pending', 'succeeded', 'failed')),
      next_attempt_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create index webhook_delivery_endpoint_idx on webhook_delivery (endpoint_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create table webhook_attempt (
      id text primary key,
      delivery_id text not null references webhook_delivery(id) on delete cascade,
      endpoint_id text not null references webhook_endpoint(id) on delete cascade,
      attempt integer not null,
      manual boolean not null default false,
      started_at timestamptz not null,
      duration_ms integer not null,
      status_code integer,
      ok boolean not null,
      error text,
      request_body text not null,
      response_body text
    )`.execute(db);
  await sql`
    create index webhook_attempt_delivery_idx on webhook_attempt (delivery_id, attempt)`.execute(
    db,
  );
  await sql`
    create index webhook_attempt_endpoint_idx on webhook_attempt (endpoint_id, started_at desc)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error("Migrations are forward-only.");
}
