import {
  WebhookEventTypeSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "@content-studio/contract";
import type * as repo from "./webhooks.repository";

const iso = (d: Date | string) => new Date(d).toISOString();

/** An endpoint for admins: never its secrets. */
export function presentEndpoint(
  row: repo.WebhookEndpointRow &
    Partial<Pick<repo.WebhookEndpointListRow, "creator_name" | "last_status" | "last_at">>,
  now = new Date(),
): WebhookEndpoint {
  const until = row.previous_secret_until ? new Date(row.previous_secret_until) : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter(
      (e) => WebhookEventTypeSchema.safeParse(e).success,
    ) as WebhookEndpoint["events"],
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    previousSecretUntil: until && until.getTime() > now.getTime() ? until.toISOString() : null,
    createdAt: iso(row.created_at),
    createdBy: row.creator_name ?? null,
    lastDelivery:
      row.last_status && row.last_at ? { status: row.last_status, at: iso(row.last_at) } : null,
  };
}

export function presentDelivery(
  row: repo.WebhookDeliveryRow,
  attempts: repo.WebhookAttemptRow[],
): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.message_id,
    eventType: row.event_type,
    status: row.status,
    createdAt: iso(row.created_at),
    nextAttemptAt:
      row.status === "pending" && row.next_attempt_at ? iso(row.next_attempt_at) : null,
    attempts: attempts.map((a) => ({
      id: a.id,
      attempt: a.attempt,
      manual: a.manual,
      startedAt: iso(a.started_at),
      durationMs: a.duration_ms,
      statusCode: a.status_code,
      ok: a.ok,
      error: a.error,
      requestBody: a.request_body,
      responseBody: a.response_body,
    })),
  };
}
