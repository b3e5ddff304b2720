import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublishingConnection } from "@content-studio/contract";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";
import { startWordPressFake, type WordPressFake } from "../../../test/fakes/wordpress-server";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/fakes/webhook-receiver";
import { auditActions } from "../../../test/support/audit";
import {
  addConnection,
  buildApprovedItem,
  editItem,
  lowerQualityThreshold,
  exportsOf,
  sendDraft,
  settledExport,
  testConnection,
  transition,
} from "../../../test/support/publishing";
import { AUTH_STRIPPED_MESSAGE } from "./wordpress.adapter";

const PASSWORD = "abcd EFGH 1234 ijkl MNOP 5678";

let t: TestApp;
let admin: Agent;
let editor: Agent;
let wp: WordPressFake;
let hooks: WebhookReceiver;
let connection: PublishingConnection;

beforeAll(async () => {
  wp = await startWordPressFake({ name: "editor", password: PASSWORD });
  hooks = await startWebhookReceiver();
  t = await buildTestApp({
    config: {
      publishing: {
        retryScheduleMs: [200, 200, 200],
        // Wide enough that a loaded machine (npm test runs three lanes at once) never times out
        // a call the fake answers at once: an extra attempt would break the attempt counts.
        timeoutMs: 4000,
        hubspotApiUrl: "http://127.0.0.1:9",
        webflowApiUrl: "http://127.0.0.1:9",
      },
      webhooks: { retryScheduleMs: [200], timeoutMs: 4000, disableAfterFailures: 50 },
    },
  });
  admin = await t.signInAs("admin");
  editor = await t.signInAs("editor");
  await lowerQualityThreshold(admin);
  const allowed = await admin.put("/api/webhooks/allow-list", {
    allowedOrigins: [wp.origin, hooks.origin],
  });
  expect(allowed.statusCode, allowed.body).toBe(200);
  const hook = await admin.post("/api/webhooks", {
    url: `${hooks.origin}/hook`,
    events: ["content.exported"],
  });
  expect(hook.statusCode, hook.body).toBe(201);
  hooks.secrets = [hook.json<{ data: { secret: string } }>().data.secret];
  connection = await addConnection(admin, {
    name: "Company blog",
    settings: { target: "wordpress", siteUrl: wp.origin, username: "editor" },
    secret: PASSWORD,
    utm: { source: "content-studio", medium: "blog", campaign: "evergreen" },
  });
}, 60_000);

afterAll(async () => {
  // The tripwire: no publish call ever reached WordPress.
  expect(wp.tripwire).toEqual([]);
  await t?.close();
  await wp?.close();
  await hooks?.close();
});

describe("WordPress connection", () => {
  it("never answers or stores the application password in the clear", async () => {
    const list = await admin.get("/api/publishing/connections");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(PASSWORD);
    const row = await t.db
      .selectFrom("publishing_connection")
      .selectAll()
      .where("id", "=", connection.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(t.ctx.publishingSealer.unseal(row.secret_sealed)).toEqual({ secret: PASSWORD });
  });

  it("tests with GET users/me?context=edit and explains a stripped Authorization header", async () => {
    const ok = await testConnection(admin, connection.id);
    expect(ok.lastTest).toMatchObject({ ok: true, message: "Connected to WordPress as editor." });
    const call = wp.requests.at(-1)!;
    expect(call.path).toBe("/wp-json/wp/v2/users/me?context=edit");
    expect(call.authorization).toBe(
      `Basic ${Buffer.from(`editor:${PASSWORD}`).toString("base64")}`,
    );

    wp.stripAuthorization = true;
    try {
      const stripped = await testConnection(admin, connection.id);
      expect(stripped.lastTest).toMatchObject({ ok: false, message: AUTH_STRIPPED_MESSAGE });
      expect(stripped.lastTest!.message).toContain("Authorization header");
    } finally {
      wp.stripAuthorization = false;
    }
  });

  it("says so when the credentials are wrong, and a new password keeps the rest", async () => {
    const changed = await admin.patch(`/api/publishing/connections/${connection.id}`, {
      secret: "wrong pass word",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.body).not.toContain("wrong pass word");
    const bad = await testConnection(admin, connection.id);
    expect(bad.lastTest).toMatchObject({
      ok: false,
      message: "WordPress refused the user name or application password. Check both.",
    });
    await admin.patch(`/api/publishing/connections/${connection.id}`, { secret: PASSWORD });
    expect((await testConnection(admin, connection.id)).lastTest?.ok).toBe(true);
    const actions = await auditActions(t, connection.id);
    expect(actions.filter((a) => a === "publishing.connection_changed")).toHaveLength(2);
    expect(actions).toContain("publishing.connection_created");
    expect(actions.filter((a) => a === "publishing.connection_tested").length).toBeGreaterThan(2);
  });

  it("refuses a private site URL unless its origin is allow-listed", async () => {
    const body = (siteUrl: string) => ({
      name: "Internal",
      settings: { target: "wordpress", siteUrl, username: "editor" },
      secret: PASSWORD,
      utm: { medium: "blog" },
    });
    const refused = await admin.post("/api/publishing/connections", body("http://10.1.2.3:8080"));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ code: string; message: string }>()).toMatchObject({
      code: "validation_error",
    });
    const loopback = await admin.post(
      "/api/publishing/connections",
      body("https://127.0.0.1:8443"),
    );
    expect(loopback.statusCode).toBe(400);
    // The fake's origin is allow-listed (above): accepted.
    const fine = await admin.post("/api/publishing/connections", body(wp.origin));
    expect(fine.statusCode, fine.body).toBe(201);
    await admin.delete(
      `/api/publishing/connections/${fine.json<{ data: { id: string } }>().data.id}`,
    );
  });

  it("lets only admins manage connections (403)", async () => {
    for (const agent of [editor, await t.signInAs("viewer")]) {
      expect((await agent.get("/api/publishing/connections")).statusCode).toBe(403);
      expect(
        (await agent.post(`/api/publishing/connections/${connection.id}/test`)).statusCode,
      ).toBe(403);
    }
  });
});

describe("Send as draft to WordPress", () => {
  it("creates a draft of the approved version with UTM links, stores and shows its id and link", async () => {
    const id = await buildApprovedItem(t, editor, admin);
    const before = await exportsOf(admin, id);
    expect(before).toMatchObject({ exports: [], can: { send: true }, blockedReason: null });
    expect(before.targets).toContainEqual({
      id: connection.id,
      name: "Company blog",
      target: "wordpress",
    });
    const hooksBefore = hooks.received.length;

    const res = await sendDraft(admin, id, connection.id, 1);
    expect(res.statusCode, res.body).toBe(202);
    const done = await settledExport(admin, id, connection.id);
    expect(done).toMatchObject({
      status: "drafted",
      exportedVersion: 1,
      attempts: 1,
      lastError: null,
    });
    const post = wp.posts.get(Number(done.externalId))!;
    expect(post.status).toBe("draft");
    expect(done.externalUrl).toBe(`${wp.origin}/?p=${post.id}`);
    expect(post.slug).toMatch(/^should-cost-reviews-/);
    // Links carry the connection's UTM parameters; a link with its own keeps them.
    expect(post.content).toContain(
      "https://example.com/guide?x=1&amp;utm_source=content-studio&amp;utm_medium=blog&amp;utm_campaign=evergreen",
    );
    expect(post.content).toContain('href="https://example.com/kept?utm_source=newsletter"');
    expect(post.content).not.toMatch(/<script/i);

    // The viewer sees the export, without targets to send to.
    const seen = await exportsOf(await t.signInAs("viewer"), id);
    expect(seen).toMatchObject({ can: { send: false }, targets: [] });
    expect(seen.exports[0]).toMatchObject({ externalId: done.externalId, target: "wordpress" });

    // `content.exported` went out with the export.
    const got = await hooks.waitFor(hooksBefore + 1);
    expect(JSON.parse(got.at(-1)!.body) as unknown).toMatchObject({
      type: "content.exported",
      data: { itemId: id, version: 1, format: "wordpress-draft", externalId: done.externalId },
    });
    const actions = await auditActions(t, id);
    expect(actions).toContain("publishing.export_requested");
    expect(actions).toContain("publishing.delivery_attempted");
  });

  it("refuses an unapproved item (409) and a non-admin (403)", async () => {
    const id = await buildApprovedItem(t, editor, admin);
    expect((await sendDraft(editor, id, connection.id, 1)).statusCode).toBe(403);
    await transition(admin, id, "reject");
    const refused = await sendDraft(admin, id, connection.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(
      /Only approved or published content/,
    );
    expect((await exportsOf(admin, id)).blockedReason).toMatch(/Only approved/);
  });

  it("refuses a version other than the approved one (409)", async () => {
    const id = await buildApprovedItem(t, editor, admin);
    const res = await sendDraft(admin, id, connection.id, 2);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      "Version 2 is not the approved version (1). Only the approved version is sent.",
    );
  });

  it("after an edit asks for approval again (409), then updates the same draft", async () => {
    const id = await buildApprovedItem(t, editor, admin);
    expect((await sendDraft(admin, id, connection.id, 1)).statusCode).toBe(202);
    const first = await settledExport(admin, id, connection.id);
    const count = wp.posts.size;

    await editItem(editor, id);
    const refused = await sendDraft(admin, id, connection.id, 2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      "This content changed after version 1 was sent to Company blog (WordPress). Approve it again before sending it again.",
    );

    await transition(editor, id, "submit");
    await transition(admin, id, "approve");
    expect((await sendDraft(admin, id, connection.id, 2)).statusCode).toBe(202);
    const second = await settledExport(admin, id, connection.id, (e) => e.exportedVersion === 2);
    expect(second).toMatchObject({ status: "drafted", externalId: first.externalId });
    expect(wp.posts.size).toBe(count);
    const post = wp.posts.get(Number(first.externalId))!;
    expect(post.content).toContain("so review it there");
    expect(post.status).toBe("draft");
  });

  it("waits out a 429's Retry-After, then succeeds", async () => {
    const id = await buildApprovedItem(t, editor, admin);
    wp.script({
      match: /^POST \/wp-json\/wp\/v2\/posts$/,
      status: 429,
      headers: { "retry-after": "1" },
      body: {
        code: "rest_too_many_requests",
        message: "Too many requests.",
        data: { status: 429 },
      },
    });
    const from = wp.requests.length;
    expect((await sendDraft(admin, id, connection.id, 1)).statusCode).toBe(202);
    const done = await settledExport(admin, id, connection.id);
    expect(done).toMatchObject({ status: "drafted", attempts: 2 });
    const creates = wp.requests.slice(from).filter((r) => r.method === "POST");
    expect(creates).toHaveLength(2);
    // The schedule's step is 200 ms; the target asked for 1 s, and got it.
    expect(creates[1]!.at - creates[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it("does not make a second draft when a create's answer was lost", async () => {
    const id = await buildApprovedItem(t, editor, admin);
    // The post is made, but the answer comes after the client's 4 s timeout.
    wp.script({ match: /^POST \/wp-json\/wp\/v2\/posts$/, status: 201, delayMs: 5000 });
    const count = wp.posts.size;
    expect((await sendDraft(admin, id, connection.id, 1)).statusCode).toBe(202);
    const done = await settledExport(admin, id, connection.id);
    expect(done).toMatchObject({ status: "drafted", attempts: 2 });
    expect(wp.posts.size).toBe(count + 1);
    expect(wp.posts.get(Number(done.externalId))?.status).toBe("draft");
  });

  it("never changes a post that was published in WordPress meanwhile", async () => {
    const id = await buildApprovedItem(t, editor, admin);
    await sendDraft(admin, id, connection.id, 1);
    const first = await settledExport(admin, id, connection.id);
    wp.publishInWpAdmin(Number(first.externalId));
    await editItem(editor, id);
    await transition(editor, id, "submit");
    await transition(admin, id, "approve");
    await sendDraft(admin, id, connection.id, 2);
    const failed = await settledExport(admin, id, connection.id);
    expect(failed).toMatchObject({ status: "failed", exportedVersion: 1 });
    expect(failed.lastError).toMatch(/changes drafts only/);
  });
});

describe("the tripwire", () => {
  it("was never hit: no call published a post", () => {
    expect(wp.requests.length).toBeGreaterThan(10);
    expect(wp.tripwire).toEqual([]);
  });
});
