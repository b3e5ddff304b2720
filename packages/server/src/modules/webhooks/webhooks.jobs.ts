import { randomUUID } from "node:crypto";
import { WEBHOOK_LIMITS, WEBHOOK_ROTATION_OVERLAP_HOURS } from "@content-studio/contract";
import type { Job } from "pg-boss";
import type { Transaction } from "kysely";
import type { AppContext } from "../../app-context";
import type { Database } from "../../db/types";
import type { WebhookDeliveryOutcome } from "../../lib/metrics";
import { SealError } from "../../lib/sealed";
import { recordAudit, type AuditActor } from "../audit/audit.service";
import { queueMail } from "../mail/mail.jobs";
import { getWebhookAllowList } from "./webhook-allow-list";
import { postWebhook, type PostOutcome } from "./webhook-http";
import { signedHeaders } from "./webhook-signing";
import * as repo from "./webhooks.repository";

/** The job engine's queue of webhook attempts (one job per attempt of an event × endpoint). */
export const WEBHOOK_QUEUE = "webhook-delivery";

/** What the signing-secret key is derived for: changing it makes every stored secret unreadable. */
export const WEBHOOK_KEY_PURPOSE = "content-studio webhooks v1";

/** One attempt to deliver: automatic ones count `attempt` from 1; a replay is `manual`. */
export interface WebhookJob {
  deliveryId: string;
  attempt: number;
  manual: boolean;
}

/** Attempt jobs (and their stored data) are deleted a week after they settle. */
const KEEP_SECONDS = 7 * 24 * 60 * 60;
/** A Retry-After longer than this is capped (a receiver cannot park a message for weeks). */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
/** Each wait is lengthened by up to this fraction at random, so retries do not arrive in step. */
const JITTER = 0.2;
/** The failure-rate window: the endpoint's last N attempts within it all failed. */
const FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The server itself, as the actor of delivery attempts and automatic switch-offs. */
export const DELIVERY_ACTOR: AuditActor = { id: null, label: "Webhook delivery", ip: null };

type WebhookCtx = Pick<
  AppContext,
  "db" | "config" | "jobEngine" | "mailer" | "webhookSealer" | "metrics"
>;

type Log = { warn(o: object, msg: string): void };

/**
 * Writes a delivery of `payload` to an endpoint and its first attempt's job in `trx`: both
 * exist once `trx` commits, and neither when it rolls back. The engine must already run (on
 * PGlite, starting it inside a transaction would wait on the transaction's own connection).
 */
export async function queueDelivery(
  ctx: Pick<AppContext, "jobEngine">,
  trx: Transaction<Database>,
  delivery: { endpointId: string; messageId: string; eventType: string; payload: string },
): Promise<repo.WebhookDeliveryRow> {
  if (!ctx.jobEngine.started)
    throw new Error("The job engine must start before events are emitted.");
  const row = await repo.insertDelivery(trx, {
    id: randomUUID(),
    endpoint_id: delivery.endpointId,
    message_id: delivery.messageId,
    event_type: delivery.eventType,
    payload: delivery.payload,
    status: "pending",
    next_attempt_at: new Date(),
  });
  await ctx.jobEngine.send<WebhookJob>(trx, WEBHOOK_QUEUE, {
    deliveryId: row.id,
    attempt: 1,
    manual: false,
  });
  return row;
}

/** Queues a manual replay of a delivery (same webhook-id, fresh timestamp and signature). */
export async function queueReplay(
  ctx: Pick<AppContext, "jobEngine">,
  trx: Transaction<Database>,
  deliveryId: string,
): Promise<void> {
  await ctx.jobEngine.send<WebhookJob>(trx, WEBHOOK_QUEUE, {
    deliveryId,
    attempt: 0,
    manual: true,
  });
}

/**
 * The delivery queue. A failed attempt is not retried by the engine: the handler records it
 * and queues the next attempt after the configured wait (or the receiver's Retry-After, if
 * longer), so the schedule follows the Standard Webhooks one and not pg-boss's backoff. The
 * engine's own retries cover only a handler that could not record its attempt.
 */
export function defineWebhookQueue(ctx: WebhookCtx, log: Log): void {
  ctx.jobEngine.define<WebhookJob>({
    name: WEBHOOK_QUEUE,
    options: {
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: Math.ceil(ctx.config.webhooks.timeoutMs / 1000) + 60,
      deleteAfterSeconds: KEEP_SECONDS,
      notify: true,
    },
    worker: {
      options: { localConcurrency: 4, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 },
      handler: (job) => runAttempt(ctx, job, log),
    },
  });
}

async function runAttempt(ctx: WebhookCtx, job: Job<WebhookJob>, log: Log): Promise<void> {
  const { deliveryId, manual } = job.data;
  const delivery = await repo.findDelivery(ctx.db, deliveryId);
  if (!delivery) return;
  // A manual replay that succeeded settles the message; its pending retry then has nothing to do.
  if (!manual && delivery.status !== "pending") return;
  const endpoint = await repo.findEndpoint(ctx.db, delivery.endpoint_id);
  if (!endpoint) return;
  if (!endpoint.enabled) {
    await repo.updateDelivery(ctx.db, deliveryId, { status: "failed", next_attempt_at: null });
    return;
  }
  const startedAt = new Date();
  let outcome: PostOutcome;
  try {
    const headers = signedHeaders(
      signingSecrets(ctx, endpoint, startedAt),
      delivery.message_id,
      startedAt,
      delivery.payload,
    );
    outcome = await postWebhook(endpoint.url, headers, delivery.payload, {
      timeoutMs: ctx.config.webhooks.timeoutMs,
      allowedOrigins: (await getWebhookAllowList(ctx.db)).allowedOrigins,
      keepChars: WEBHOOK_LIMITS.bodyChars,
    });
  } catch (error) {
    if (!(error instanceof SealError)) throw error;
    log.warn(
      { endpointId: endpoint.id },
      "webhook secret cannot be opened under this server secret",
    );
    outcome = {
      statusCode: null,
      body: null,
      retryAfterMs: null,
      error: "The signing secret cannot be opened under this server secret: rotate it.",
      durationMs: 0,
    };
  }
  await recordAttempt(ctx, job.data, delivery, endpoint, startedAt, outcome);
}

/** The current secret, and the previous one while its overlap lasts. */
function signingSecrets(
  ctx: Pick<AppContext, "webhookSealer">,
  endpoint: repo.WebhookEndpointRow,
  now: Date,
): string[] {
  const open = (sealed: string) => {
    const value = ctx.webhookSealer.unseal(sealed) as { secret?: unknown };
    if (typeof value.secret !== "string") throw new SealError();
    return value.secret;
  };
  const secrets = [open(endpoint.secret_sealed)];
  const until = endpoint.previous_secret_until;
  if (endpoint.previous_secret_sealed && until && new Date(until).getTime() > now.getTime()) {
    secrets.push(open(endpoint.previous_secret_sealed));
  }
  return secrets;
}

/** The sealed form of a secret, as stored on the endpoint. */
export function sealSecret(ctx: Pick<AppContext, "webhookSealer">, secret: string): string {
  return ctx.webhookSealer.seal({ secret });
}

/** When a rotation's previous secret stops signing. */
export function overlapUntil(now: Date): Date {
  return new Date(now.getTime() + WEBHOOK_ROTATION_OVERLAP_HOURS * 3_600_000);
}

/**
 * Records one attempt, audits it, and decides what follows, in one transaction: success
 * settles the message; 410 switches the endpoint off; another failure queues the next attempt
 * (automatic attempts only) or gives up, and an endpoint whose latest attempts all failed
 * within the window is switched off and its creator told by mail.
 */
async function recordAttempt(
  ctx: WebhookCtx,
  job: WebhookJob,
  delivery: repo.WebhookDeliveryRow,
  endpoint: repo.WebhookEndpointRow,
  startedAt: Date,
  outcome: PostOutcome,
): Promise<void> {
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const schedule = ctx.config.webhooks.retryScheduleMs;
  /** For the metrics, once the attempt is recorded. */
  let counted: WebhookDeliveryOutcome | null = null;
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findDelivery(trx, delivery.id, { forUpdate: true });
    if (!current) return;
    const number = (await repo.lastAttemptNumber(trx, delivery.id)) + 1;
    await repo.insertAttempt(trx, {
      id: randomUUID(),
      delivery_id: delivery.id,
      endpoint_id: endpoint.id,
      attempt: number,
      manual: job.manual,
      started_at: startedAt,
      duration_ms: outcome.durationMs,
      status_code: outcome.statusCode,
      ok,
      error: outcome.error?.slice(0, 500) ?? null,
      request_body: delivery.payload.slice(0, WEBHOOK_LIMITS.bodyChars),
      response_body: outcome.body,
    });
    await recordAudit(trx, {
      actor: DELIVERY_ACTOR,
      action: "webhook.delivery_attempted",
      target: { type: "webhook", id: endpoint.id, label: endpoint.url },
      changes: {
        event: { to: delivery.event_type },
        messageId: { to: delivery.message_id },
        attempt: { to: number },
        status: { to: outcome.statusCode },
        result: { to: ok ? "delivered" : (outcome.error ?? "failed") },
      },
    });
    if (ok) {
      await repo.updateDelivery(trx, delivery.id, { status: "succeeded", next_attempt_at: null });
      counted = "delivered";
      return;
    }
    counted = "failed";
    if (outcome.statusCode === 410) {
      await repo.updateDelivery(trx, delivery.id, { status: "failed", next_attempt_at: null });
      counted = "gave_up";
      await switchOff(ctx, trx, endpoint, "The endpoint answered 410 Gone.");
      return;
    }
    const wait = job.manual ? null : nextWait(schedule, job.attempt, outcome.retryAfterMs);
    if (wait !== null) {
      const at = new Date(Date.now() + wait);
      await ctx.jobEngine.send<WebhookJob>(
        trx,
        WEBHOOK_QUEUE,
        { deliveryId: delivery.id, attempt: job.attempt + 1, manual: false },
        { startAfter: at },
      );
      await repo.updateDelivery(trx, delivery.id, { status: "pending", next_attempt_at: at });
    } else if (!(current.status === "pending" && job.manual && current.next_attempt_at)) {
      // Given up (a failed replay leaves a message's own pending retry in place).
      await repo.updateDelivery(trx, delivery.id, { status: "failed", next_attempt_at: null });
      counted = "gave_up";
    }
    const n = ctx.config.webhooks.disableAfterFailures;
    const since = new Date(Date.now() - FAILURE_WINDOW_MS);
    if (await repo.lastAttemptsAllFailed(trx, endpoint.id, n, since)) {
      await switchOff(
        ctx,
        trx,
        endpoint,
        `The last ${n} delivery attempts within 24 hours all failed.`,
      );
    }
  });
  if (counted) ctx.metrics.recordWebhookDelivery(counted);
}

/**
 * The wait before automatic attempt `attempt + 1`: the schedule's step with jitter, or the
 * receiver's Retry-After when that is longer. Null when the schedule is spent.
 */
export function nextWait(
  schedule: number[],
  attempt: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number | null {
  const step = schedule[attempt - 1];
  if (step === undefined) return null;
  const jittered = Math.round(step * (1 + random() * JITTER));
  return Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
}

/** Switches an endpoint off (once), audits it and tells its creator when mail is configured. */
async function switchOff(
  ctx: WebhookCtx,
  trx: Transaction<Database>,
  endpoint: repo.WebhookEndpointRow,
  reason: string,
): Promise<void> {
  const locked = await repo.findEndpoint(trx, endpoint.id, { forUpdate: true });
  if (!locked?.enabled) return;
  await repo.updateEndpoint(trx, endpoint.id, { enabled: false, disabled_reason: reason });
  await recordAudit(trx, {
    actor: DELIVERY_ACTOR,
    action: "webhook.disabled",
    target: { type: "webhook", id: endpoint.id, label: endpoint.url },
    changes: { enabled: { from: true, to: false }, reason: { to: reason } },
  });
  const creator = await repo.findEndpointCreator(trx, endpoint.id);
  if (!creator || !ctx.mailer.enabled) return;
  await queueMail(ctx, trx, "webhook-disabled", {
    to: creator.email,
    subject: "A webhook endpoint was switched off",
    text: [
      `Hello ${creator.name},`,
      "",
      `Content Studio switched off the webhook endpoint ${endpoint.url}.`,
      reason,
      "",
      `Check the receiver, then switch it on again in Settings > Webhooks: ${new URL("/settings#settings-webhooks", ctx.config.baseUrl).toString()}`,
    ].join("\n"),
  });
}
