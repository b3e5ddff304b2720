import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Webhook } from "standardwebhooks";
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from "@content-studio/contract";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";
import { auditActions } from "../../../test/support/audit";
import { startSmtpFake, type SmtpFake } from "../../../test/fakes/smtp-server";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/fakes/webhook-receiver";
import { emitWebhookEvent } from "./webhooks.service";

// A short schedule (3 retries 300 ms apart) and a 2 s timeout, so the whole spec's behaviour
// runs in seconds (1 s timed out the loopback receiver's answers at load 10+ on PGlite); the production schedule is checked in webhooks.schedule.test.ts.
const SCHEDULE = [300, 300, 300];
const ADMIN_EMAIL = "hooks-admin@example.test";

let t: TestApp;
let admin: Agent;
let smtp: SmtpFake;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  smtp = await startSmtpFake();
  t = await buildTestApp({
    config: {
      webhooks: { retryScheduleMs: SCHEDULE, timeoutMs: 2000, disableAfterFailures: 4 },
      mail: { smtpUrl: smtp.url, from: "Content Studio <studio@example.test>" },
      mailRetryDelaySeconds: 1,
    },
  });
  admin = await t.signInAs("admin", { email: ADMIN_EMAIL });
}, 60_000);

afterAll(async () => {
  await t.close();
  await smtp.close();
  await Promise.all(receivers.map((r) => r.close()));
});

afterEach(() => {
  vi.useRealTimers();
});

async function receiver(): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver();
  receivers.push(r);
  return r;
}

async function allow(...origins: string[]) {
  const res = await admin.put("/api/webhooks/allow-list", { allowedOrigins: origins });
  expect(res.statusCode, res.body).toBe(200);
}

async function addEndpoint(
  r: WebhookReceiver,
  events: string[] = ["content.approved"],
  url = `${r.origin}/hook`,
): Promise<WebhookEndpointWithSecret> {
  await allow(new URL(url).origin);
  const res = await admin.post("/api/webhooks", { url, events, description: "test receiver" });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<{ data: WebhookEndpointWithSecret }>().data;
  r.secrets = [created.secret];
  return created;
}

async function sendTest(endpointId: string): Promise<WebhookDelivery> {
  const res = await admin.post(`/api/webhooks/${endpointId}/test`);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ data: WebhookDelivery }>().data;
}

async function deliveriesOf(endpointId: string): Promise<WebhookDelivery[]> {
  const res = await admin.get(`/api/webhooks/${endpointId}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { deliveries: WebhookDelivery[] } }>().data.deliveries;
}

/** Polls the delivery log until `done` holds for the delivery (or fails after 15 s). */
async function settled(
  endpointId: string,
  deliveryId: string,
  done: (d: WebhookDelivery) => boolean,
): Promise<WebhookDelivery> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await deliveriesOf(endpointId)).find((d) => d.id === deliveryId);
    if (found && done(found)) return found;
    if (Date.now() > deadline) throw new Error(`delivery not settled: ${JSON.stringify(found)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function listEndpoints(): Promise<WebhookEndpoint[]> {
  return (await admin.get("/api/webhooks")).json<{ data: { endpoints: WebhookEndpoint[] } }>().data
    .endpoints;
}

/** The app's webhook delivery counter (what /metrics reports), by outcome. */
async function deliveryCounts(): Promise<Record<"delivered" | "failed" | "gave_up", number>> {
  const { values } = await t.ctx.metrics.webhookDeliveries.get();
  const of = (outcome: string) => values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
  return { delivered: of("delivered"), failed: of("failed"), gave_up: of("gave_up") };
}

describe("webhook delivery (Standard Webhooks, real loopback receiver)", () => {
  it("signs each attempt, retries a 500 with the same webhook-id, and logs every attempt", async () => {
    const r = await receiver();
    const { endpoint, secret } = await addEndpoint(r);
    expect(secret).toMatch(/^whsec_/);
    r.script({ status: 500, body: "boom" });
    const countedBefore = await deliveryCounts();
    const queued = await sendTest(endpoint.id);
    const got = await r.waitFor(2);
    expect(got.map((g) => g.verifiedWith)).toEqual([secret, secret]);
    expect(new Set(got.map((g) => g.id))).toEqual(new Set([queued.messageId]));
    expect(JSON.parse(got[0]!.body) as unknown).toMatchObject({
      type: "webhook.test",
      data: { endpointId: endpoint.id, url: expect.stringContaining("/settings") as string },
    });
    const delivery = await settled(endpoint.id, queued.id, (d) => d.status === "succeeded");
    expect(delivery.attempts.map((a) => [a.attempt, a.statusCode, a.ok])).toEqual([
      [1, 500, false],
      [2, 200, true],
    ]);
    expect(delivery.attempts[0]!.responseBody).toBe("boom");
    expect(delivery.attempts[0]!.requestBody).toBe(got[0]!.body);
    // Each attempt is counted for /metrics by what it ended as.
    const counted = await deliveryCounts();
    expect(counted.failed - countedBefore.failed).toBe(1);
    expect(counted.delivered - countedBefore.delivered).toBe(1);
    const actions = await auditActions(t, endpoint.id);
    expect(actions).toContain("webhook.created");
    expect(actions).toContain("webhook.test_sent");
    expect(actions.filter((a) => a === "webhook.delivery_attempted")).toHaveLength(2);
  });

  it("counts an answer slower than the timeout as a failed attempt and retries it", async () => {
    const r = await receiver();
    const { endpoint } = await addEndpoint(r);
    r.script({ status: 200, delayMs: 3500 });
    const queued = await sendTest(endpoint.id);
    const delivery = await settled(endpoint.id, queued.id, (d) => d.status === "succeeded");
    const [first, second] = delivery.attempts;
    expect(first).toMatchObject({ ok: false, statusCode: null });
    expect(first!.error).toMatch(/No answer within 2 s/);
    expect(first!.durationMs).toBeGreaterThanOrEqual(1900);
    expect(first!.durationMs).toBeLessThan(3500);
    expect(second).toMatchObject({ ok: true, statusCode: 200 });
    expect(new Set(r.received.map((g) => g.id))).toEqual(new Set([queued.messageId]));
  });

  it("waits at least the receiver's Retry-After before the next attempt", async () => {
    const r = await receiver();
    const { endpoint } = await addEndpoint(r);
    r.script({ status: 503, headers: { "retry-after": "2" } });
    const queued = await sendTest(endpoint.id);
    const [first, second] = await r.waitFor(2);
    // The schedule alone would retry after ~300 ms.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(2000);
    expect(second!.id).toBe(queued.messageId);
    await settled(endpoint.id, queued.id, (d) => d.status === "succeeded");
  });

  it("switches the endpoint off on 410 Gone and stops retrying", async () => {
    const r = await receiver();
    const { endpoint } = await addEndpoint(r);
    r.script({ status: 410 });
    const queued = await sendTest(endpoint.id);
    await settled(endpoint.id, queued.id, (d) => d.status === "failed");
    await new Promise((res) => setTimeout(res, 1200));
    expect(r.received).toHaveLength(1);
    const now = (await listEndpoints()).find((e) => e.id === endpoint.id);
    expect(now).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/410/) as string,
    });
    expect(await auditActions(t, endpoint.id)).toContain("webhook.disabled");
    // Off means off: a test event is refused until an admin switches it on again.
    expect((await admin.post(`/api/webhooks/${endpoint.id}/test`)).statusCode).toBe(409);
    const on = await admin.patch(`/api/webhooks/${endpoint.id}`, { enabled: true });
    expect(on.json<{ data: WebhookEndpoint }>().data).toMatchObject({
      enabled: true,
      disabledReason: null,
    });
  });

  it("a captured message replayed more than 5 minutes later fails the receiver's check; a manual replay is signed afresh", async () => {
    const r = await receiver();
    const { endpoint, secret } = await addEndpoint(r);
    const queued = await sendTest(endpoint.id);
    const [original] = await r.waitFor(1);
    const headers = {
      "webhook-id": original!.id,
      "webhook-timestamp": original!.timestamp,
      "webhook-signature": original!.signature,
    };
    expect(() => new Webhook(secret).verify(original!.body, headers)).not.toThrow();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 6 * 60 * 1000);
    expect(() => new Webhook(secret).verify(original!.body, headers)).toThrow(/too old/);
    vi.useRealTimers();

    await settled(endpoint.id, queued.id, (d) => d.status === "succeeded");
    await new Promise((res) => setTimeout(res, 1100)); // a later second, so a later timestamp
    const replay = await admin.post(`/api/webhooks/${endpoint.id}/deliveries/${queued.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(202);
    const [, again] = await r.waitFor(2);
    expect(again!.id).toBe(original!.id);
    expect(Number(again!.timestamp)).toBeGreaterThan(Number(original!.timestamp));
    expect(again!.verifiedWith).toBe(secret);
    const delivery = await settled(endpoint.id, queued.id, (d) => d.attempts.length === 2);
    expect(delivery.attempts[1]).toMatchObject({ manual: true, ok: true, attempt: 2 });
    expect(await auditActions(t, endpoint.id)).toContain("webhook.replayed");
  });

  it("signs with both secrets during a rotation's overlap, and never returns a secret again", async () => {
    const r = await receiver();
    const { endpoint, secret: oldSecret } = await addEndpoint(r);
    const rotated = await admin.post(`/api/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: newSecret, endpoint: after } = rotated.json<{
      data: WebhookEndpointWithSecret;
    }>().data;
    expect(newSecret).not.toBe(oldSecret);
    const until = Date.parse(after.previousSecretUntil ?? "");
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    r.secrets = [oldSecret];
    await sendTest(endpoint.id);
    const [msg] = await r.waitFor(1);
    expect(msg!.signature.split(" ")).toHaveLength(2);
    const headers = {
      "webhook-id": msg!.id,
      "webhook-timestamp": msg!.timestamp,
      "webhook-signature": msg!.signature,
    };
    expect(() => new Webhook(oldSecret).verify(msg!.body, headers)).not.toThrow();
    expect(() => new Webhook(newSecret).verify(msg!.body, headers)).not.toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(msg!.body, headers),
    ).toThrow();

    const listed = (await admin.get("/api/webhooks")).body;
    expect(listed).not.toContain(oldSecret.slice(6));
    expect(listed).not.toContain(newSecret.slice(6));
    const row = await t.db
      .selectFrom("webhook_endpoint")
      .selectAll()
      .where("id", "=", endpoint.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(newSecret.slice(6));
    expect(JSON.stringify(row)).not.toContain(oldSecret.slice(6));
    expect(await auditActions(t, endpoint.id)).toContain("webhook.secret_rotated");
  });

  it("refuses private and loopback addresses at creation unless allow-listed", async () => {
    await allow();
    for (const url of [
      "http://127.0.0.1:9/hook",
      "https://10.1.2.3/hook",
      "https://localhost/hook",
      "http://hooks.example.com/hook",
    ]) {
      const res = await admin.post("/api/webhooks", { url, events: ["content.approved"] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ details: { issues: { path: string }[] } }>().details.issues[0]!.path).toBe(
        "body.url",
      );
    }
  });

  it("checks the address again at delivery, after DNS; repeated failures switch the endpoint off and mail its creator", async () => {
    const r = await receiver();
    // https, so only the address (localhost resolves to loopback) can refuse it at delivery.
    const url = `${r.origin.replace("http://127.0.0.1", "https://localhost")}/hook`;
    const { endpoint } = await addEndpoint(r, ["content.approved"], url);
    await allow(); // the allow-list entry is withdrawn after the endpoint was added
    const queued = await sendTest(endpoint.id);
    const delivery = await settled(endpoint.id, queued.id, (d) => d.status === "failed");
    expect(r.received).toHaveLength(0);
    expect(delivery.attempts).toHaveLength(1 + SCHEDULE.length);
    expect(delivery.attempts[0]!.error).toMatch(/private or loopback/);
    // Four failed attempts within 24 hours (the configured limit): switched off, creator told.
    expect((await listEndpoints()).find((e) => e.id === endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/last 4 delivery attempts/) as string,
    });
    const deadline = Date.now() + 15_000;
    while (!smtp.messages.some((m) => m.text.includes(url)) && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 200));
    }
    const mail = smtp.messages.find((m) => m.text.includes(url));
    expect(mail?.to).toEqual([ADMIN_EMAIL]);
    expect(mail?.text).toMatch(/last 4 delivery attempts/);
  });

  it("an event emitted in a transaction that rolls back delivers nothing; one that commits delivers", async () => {
    const r = await receiver();
    const { endpoint } = await addEndpoint(r, ["fact.retired"]);
    const event = {
      type: "fact.retired" as const,
      data: { factId: "f-1", statement: "A fact" },
      path: "/proof-library",
    };
    await expect(
      t.db.transaction().execute(async (trx) => {
        await emitWebhookEvent(t.ctx, trx, event);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await new Promise((res) => setTimeout(res, 1500));
    expect(r.received).toHaveLength(0);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);

    await t.db.transaction().execute((trx) => emitWebhookEvent(t.ctx, trx, event));
    const [got] = await r.waitFor(1);
    expect(JSON.parse(got!.body) as unknown).toMatchObject({
      type: "fact.retired",
      data: { factId: "f-1" },
    });
  });
});

describe("webhook routes are for admins only", () => {
  it("answers 403 to editors and viewers on every route", async () => {
    const r = await receiver();
    const { endpoint } = await addEndpoint(r);
    const queued = await sendTest(endpoint.id);
    for (const role of ["editor", "viewer"] as const) {
      const agent = await t.signInAs(role);
      const calls = [
        agent.get("/api/webhooks"),
        agent.post("/api/webhooks", { url: `${r.origin}/x`, events: ["content.approved"] }),
        agent.patch(`/api/webhooks/${endpoint.id}`, { enabled: false }),
        agent.delete(`/api/webhooks/${endpoint.id}`),
        agent.post(`/api/webhooks/${endpoint.id}/rotate-secret`),
        agent.post(`/api/webhooks/${endpoint.id}/test`),
        agent.get(`/api/webhooks/${endpoint.id}/deliveries`),
        agent.post(`/api/webhooks/${endpoint.id}/deliveries/${queued.id}/replay`),
        agent.put("/api/webhooks/allow-list", { allowedOrigins: [] }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, `${role} ${res.body}`).toBe(403);
      }
    }
    const del = await admin.delete(`/api/webhooks/${endpoint.id}`);
    expect(del.statusCode).toBe(200);
    expect(await auditActions(t, endpoint.id)).toContain("webhook.deleted");
  });
});
