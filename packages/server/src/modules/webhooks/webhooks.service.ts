import { randomUUID } from "node:crypto";
import {
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  WebhookEndpointInputSchema,
  type WebhookAllowList,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointPatch,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  type WebhookList,
  type WebhookMessageType,
  type WebhookPayload,
} from "@content-studio/contract";
import type { Transaction } from "kysely";
import type { AppContext } from "../../app-context";
import type { Database } from "../../db/types";
import { AppError, orNotFound } from "../../lib/app-error";
import { allowedInput } from "../../lib/use-case";
import type { SessionUser } from "../../plugins/access";
import { auditBy, diffFields, recordAudit, recordChangesIfAny } from "../audit/audit.service";
import { writeAuditedSetting, type AuditedSetting } from "../settings/settings.service";
import {
  checkEndpointUrl,
  getWebhookAllowList,
  WEBHOOK_ALLOW_LIST_SETTING,
} from "./webhook-allow-list";
import { newMessageId, newWebhookSecret } from "./webhook-signing";
import { overlapUntil, queueDelivery, queueReplay, sealSecret } from "./webhooks.jobs";
import { webhooksPolicy } from "./webhooks.policy";
import { presentDelivery, presentEndpoint } from "./webhooks.presenter";
import * as repo from "./webhooks.repository";

const AUDITED_ALLOW_LIST_SETTING: AuditedSetting = {
  key: WEBHOOK_ALLOW_LIST_SETTING,
  label: "Webhook allow-list",
  action: "webhook.allow_list_changed",
};

/** What happened, to which records (ids and names, nothing more), and the app page about it. */
export interface WebhookEvent {
  type: WebhookEventType;
  data: Record<string, string | number | null>;
  /** The app's page for it, e.g. `/library/<id>`; sent as an absolute `url`. */
  path: string;
}

type EmitCtx = Pick<AppContext, "config" | "jobEngine">;

/**
 * Emits an event to every enabled endpoint subscribed to it, inside `trx`, the transaction that
 * makes the change: the deliveries and their jobs commit with it, and a rolled-back change
 * sends nothing. Called by the modules where events happen; the engine runs by then.
 */
export async function emitWebhookEvent(
  ctx: EmitCtx,
  trx: Transaction<Database>,
  event: WebhookEvent,
): Promise<void> {
  const endpoints = await repo.findSubscribedEndpoints(trx, event.type);
  if (endpoints.length === 0) return;
  const payload = payloadOf(ctx, event.type, event.data, event.path);
  for (const endpoint of endpoints) {
    await queueDelivery(ctx, trx, {
      endpointId: endpoint.id,
      messageId: newMessageId(),
      eventType: event.type,
      payload,
    });
  }
}

function payloadOf(
  ctx: Pick<AppContext, "config">,
  type: WebhookMessageType,
  data: WebhookEvent["data"],
  path: string,
): string {
  const body: WebhookPayload = {
    type,
    timestamp: new Date().toISOString(),
    data: { ...data, url: new URL(path, ctx.config.baseUrl).toString() },
  };
  return JSON.stringify(body);
}

const NOT_FOUND = "Webhook endpoint not found.";

async function loadEndpoint(ctx: Pick<AppContext, "db">, id: string) {
  const row = orNotFound(await repo.findEndpoint(ctx.db, id), NOT_FOUND);
  return row;
}

function auditTarget(row: { id: string; url: string }) {
  return { type: "webhook", id: row.id, label: row.url };
}

/** Every endpoint (never a secret) and the allow-list. */
export async function listWebhooks(ctx: AppContext, actor: SessionUser): Promise<WebhookList> {
  webhooksPolicy.authorize(actor, "manage");
  const [rows, allowList] = await Promise.all([
    repo.listEndpoints(ctx.db),
    getWebhookAllowList(ctx.db),
  ]);
  return {
    endpoints: rows.map((r) => presentEndpoint(r)),
    allowedOrigins: allowList.allowedOrigins,
  };
}

/** Adds an endpoint with a new secret, which this answer alone carries. */
export async function createWebhook(
  ctx: AppContext,
  actor: SessionUser,
  input: WebhookEndpointInput,
): Promise<WebhookEndpointWithSecret> {
  const parsed = allowedInput(actor, webhooksPolicy, "manage", WebhookEndpointInputSchema, input);
  await checkEndpointUrl(parsed.url, (await getWebhookAllowList(ctx.db)).allowedOrigins);
  if ((await repo.countEndpoints(ctx.db)) >= WEBHOOK_LIMITS.maxEndpoints) {
    throw new AppError("conflict", `At most ${WEBHOOK_LIMITS.maxEndpoints} endpoints.`);
  }
  const secret = newWebhookSecret();
  const events = [...new Set(parsed.events)];
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertEndpoint(trx, {
      id: randomUUID(),
      url: parsed.url,
      description: parsed.description,
      events: JSON.stringify(events),
      secret_sealed: sealSecret(ctx, secret),
      created_by: actor.id,
    });
    await recordAudit(trx, {
      ...auditBy(actor, "webhook.created", auditTarget(inserted)),
      changes: { url: { to: parsed.url }, events: { to: events } },
    });
    return inserted;
  });
  return { endpoint: presentEndpoint({ ...row, creator_name: actor.name }), secret };
}

/** Changes an endpoint's events, description or whether it is on (on again clears the reason). */
export async function updateWebhook(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  patch: WebhookEndpointPatch,
): Promise<WebhookEndpoint> {
  webhooksPolicy.authorize(actor, "manage");
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = orNotFound(await repo.findEndpoint(trx, id, { forUpdate: true }), NOT_FOUND);
    const update = {
      ...(patch.events ? { events: JSON.stringify([...new Set(patch.events)]) } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.enabled !== undefined
        ? { enabled: patch.enabled, ...(patch.enabled ? { disabled_reason: null } : {}) }
        : {}),
    };
    const after = (await repo.updateEndpoint(trx, id, update))!;
    const changes = diffFields(
      { events: before.events, description: before.description, enabled: before.enabled },
      { events: after.events, description: after.description, enabled: after.enabled },
    );
    await recordChangesIfAny(trx, {
      ...auditBy(actor, "webhook.changed", auditTarget(after)),
      changes,
    });
    return after;
  });
  return presentEndpoint(row);
}

/** Deletes an endpoint with its delivery log (pending attempts then find nothing to send). */
export async function deleteWebhook(ctx: AppContext, actor: SessionUser, id: string) {
  webhooksPolicy.authorize(actor, "manage");
  await ctx.db.transaction().execute(async (trx) => {
    const row = orNotFound(await repo.findEndpoint(trx, id, { forUpdate: true }), NOT_FOUND);
    await repo.deleteEndpoint(trx, id);
    await recordAudit(trx, auditBy(actor, "webhook.deleted", auditTarget(row)));
  });
}

/**
 * A new secret, which this answer alone carries. The previous one keeps signing beside it for
 * WEBHOOK_ROTATION_OVERLAP_HOURS, so receivers can switch without losing a message; rotating
 * again within the overlap drops the oldest.
 */
export async function rotateWebhookSecret(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  webhooksPolicy.authorize(actor, "manage");
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = orNotFound(await repo.findEndpoint(trx, id, { forUpdate: true }), NOT_FOUND);
    const until = overlapUntil(new Date());
    const after = (await repo.updateEndpoint(trx, id, {
      secret_sealed: sealSecret(ctx, secret),
      previous_secret_sealed: before.secret_sealed,
      previous_secret_until: until,
    }))!;
    await recordAudit(trx, {
      ...auditBy(actor, "webhook.secret_rotated", auditTarget(after)),
      changes: { previousSignsUntil: { to: until.toISOString() } },
    });
    return after;
  });
  return { endpoint: presentEndpoint(row), secret };
}

/**
 * Queues a delivery for `actor`, who must manage webhooks: the job engine is started so the
 * delivery is sent, then `work` queues it in one transaction.
 */
async function queueDeliveryBy<T>(
  ctx: AppContext,
  actor: SessionUser,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  webhooksPolicy.authorize(actor, "manage");
  await ctx.jobEngine.start();
  return ctx.db.transaction().execute(work);
}

/** Sends a `webhook.test` message to one endpoint, whatever its events. */
export async function sendTestEvent(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<WebhookDelivery> {
  const delivery = await queueDeliveryBy(ctx, actor, async (trx) => {
    const row = orNotFound(await repo.findEndpoint(trx, id, { forUpdate: true }), NOT_FOUND);
    if (!row.enabled) throw new AppError("conflict", "Switch the endpoint on to send to it.");
    const queued = await queueDelivery(ctx, trx, {
      endpointId: row.id,
      messageId: newMessageId(),
      eventType: WEBHOOK_TEST_EVENT,
      payload: payloadOf(
        ctx,
        WEBHOOK_TEST_EVENT,
        { endpointId: row.id },
        "/settings#settings-webhooks",
      ),
    });
    await recordAudit(trx, {
      ...auditBy(actor, "webhook.test_sent", auditTarget(row)),
      changes: { messageId: { to: queued.message_id } },
    });
    return queued;
  });
  return presentDelivery(delivery, []);
}

/** The endpoint's latest deliveries, newest first, each with every attempt. */
export async function listWebhookDeliveries(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<WebhookDeliveryList> {
  webhooksPolicy.authorize(actor, "manage");
  await loadEndpoint(ctx, id);
  const deliveries = await repo.listDeliveries(ctx.db, id, WEBHOOK_LIMITS.logPageSize);
  const attempts = await repo.listAttempts(
    ctx.db,
    deliveries.map((d) => d.id),
  );
  return {
    deliveries: deliveries.map((d) =>
      presentDelivery(
        d,
        attempts.filter((a) => a.delivery_id === d.id),
      ),
    ),
  };
}

/** A new attempt of a delivery: the same webhook-id, a fresh timestamp and signature. */
export async function replayWebhookDelivery(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const delivery = await queueDeliveryBy(ctx, actor, async (trx) => {
    const endpoint = await repo.findEndpoint(trx, id, { forUpdate: true });
    const found = await repo.findDelivery(trx, deliveryId);
    if (!endpoint || found?.endpoint_id !== id) {
      throw new AppError("not_found", "Delivery not found.");
    }
    if (!endpoint.enabled) throw new AppError("conflict", "Switch the endpoint on to send to it.");
    await queueReplay(ctx, trx, deliveryId);
    await recordAudit(trx, {
      ...auditBy(actor, "webhook.replayed", auditTarget(endpoint)),
      changes: { messageId: { to: found.message_id } },
    });
    return found;
  });
  const attempts = await repo.listAttempts(ctx.db, [delivery.id]);
  return presentDelivery(delivery, attempts);
}

/** Saves the origins endpoints may use over http or on private addresses (audited). */
export async function saveWebhookAllowList(
  ctx: AppContext,
  actor: SessionUser,
  input: WebhookAllowList,
): Promise<WebhookAllowList> {
  webhooksPolicy.authorize(actor, "manage");
  // Stored as URL origins (lower-case host, no default port), which delivery compares against.
  const next = { allowedOrigins: [...new Set(input.allowedOrigins.map((o) => new URL(o).origin))] };
  await ctx.db.transaction().execute(async (trx) =>
    writeAuditedSetting(trx, actor, AUDITED_ALLOW_LIST_SETTING, {
      before: await getWebhookAllowList(trx),
      after: next,
    }),
  );
  return next;
}
