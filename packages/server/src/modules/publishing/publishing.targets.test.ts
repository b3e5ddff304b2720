import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";
import { startHubSpotFake, type HubSpotFake } from "../../../test/fakes/hubspot-server";
import { startWebflowFake, type WebflowFake } from "../../../test/fakes/webflow-server";
import { auditActions } from "../../../test/support/audit";
import {
  addConnection,
  buildApprovedItem,
  editItem,
  lowerQualityThreshold,
  sendDraft,
  settledExport,
  testConnection,
  transition,
} from "../../../test/support/publishing";

const HS_TOKEN = "pat-na1-aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee";
const WF_TOKEN = "wf-site-token-0123456789abcdef";

let t: TestApp;
let admin: Agent;
let editor: Agent;
let hs: HubSpotFake;
let wf: WebflowFake;

beforeAll(async () => {
  hs = await startHubSpotFake(HS_TOKEN);
  wf = await startWebflowFake(WF_TOKEN);
  t = await buildTestApp({
    config: {
      publishing: {
        retryScheduleMs: [200, 200, 200],
        timeoutMs: 1000,
        hubspotApiUrl: hs.origin,
        webflowApiUrl: wf.origin,
      },
    },
  });
  admin = await t.signInAs("admin");
  editor = await t.signInAs("editor");
  await lowerQualityThreshold(admin);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await hs?.close();
  await wf?.close();
});

const utm = { source: "content-studio", medium: "blog" };

/** A HubSpot blog connection named `name` (with the fake's token unless another is given). */
const addHubSpotBlog = (name: string, secret = HS_TOKEN) =>
  addConnection(admin, {
    name,
    settings: { target: "hubspot", contentKind: "blog_post", blogId: "184993428780" },
    secret,
    utm,
  });

/** A Webflow connection to the fake's collection (with its token unless another is given). */
const addWebflow = (name: string, secret = WF_TOKEN) =>
  addConnection(admin, {
    name,
    settings: { target: "webflow", collectionId: wf.collectionId },
    secret,
    utm,
  });

describe("HubSpot", () => {
  it("tests with a one-item list and names a refused token", async () => {
    const good = await addHubSpotBlog("HubSpot blog");
    expect((await testConnection(admin, good.id)).lastTest).toMatchObject({ ok: true });
    expect(hs.requests.at(-1)).toMatchObject({ path: "/cms/v3/blogs/posts?limit=1" });
    const bad = await addHubSpotBlog("HubSpot wrong token", "pat-na1-wrong");
    const tested = await testConnection(admin, bad.id);
    expect(tested.lastTest).toMatchObject({ ok: false });
    expect(tested.lastTest!.message).toMatch(/HubSpot refused the private-app token/);
    expect(JSON.stringify(tested)).not.toContain("pat-na1");
  });

  it("makes a blog post draft, waits out a 429's rate-limit window, then patches /draft only", async () => {
    const conn = await addConnection(admin, {
      name: "HubSpot posts",
      settings: {
        target: "hubspot",
        contentKind: "blog_post",
        blogId: "184993428780",
        authorId: "7777",
      },
      secret: HS_TOKEN,
      utm,
    });
    const id = await buildApprovedItem(t, editor, admin);
    hs.script(hs.rateLimited(1200, /^POST \/cms\/v3\/blogs\/posts$/));
    const from = hs.requests.length;
    expect((await sendDraft(admin, id, conn.id, 1)).statusCode).toBe(202);
    const done = await settledExport(admin, id, conn.id);
    expect(done).toMatchObject({ status: "drafted", attempts: 2, exportedVersion: 1 });
    const creates = hs.requests.slice(from).filter((r) => r.method === "POST");
    expect(creates).toHaveLength(2);
    expect(creates[1]!.at - creates[0]!.at).toBeGreaterThanOrEqual(1200);
    const record = hs.records.get(done.externalId!)!;
    expect(record.draft).toMatchObject({
      contentGroupId: "184993428780",
      blogAuthorId: "7777",
      state: "DRAFT",
    });
    expect(done.externalUrl).toBe(`https://blog.example-hs.test/${record.slug}`);

    await editItem(editor, id);
    expect((await sendDraft(admin, id, conn.id, 2)).statusCode).toBe(409);
    await transition(editor, id, "submit");
    await transition(admin, id, "approve");
    expect((await sendDraft(admin, id, conn.id, 2)).statusCode).toBe(202);
    const again = await settledExport(admin, id, conn.id, (e) => e.exportedVersion === 2);
    expect(again.externalId).toBe(done.externalId);
    expect(hs.requests.at(-1)).toMatchObject({
      method: "PATCH",
      path: `/cms/v3/blogs/posts/${done.externalId}/draft`,
    });
    expect(String(hs.records.get(done.externalId!)!.draft.postBody)).toContain(
      "so review it there",
    );
  });

  it("makes a marketing email draft without sendOnPublish", async () => {
    const conn = await addConnection(admin, {
      name: "HubSpot emails",
      settings: { target: "hubspot", contentKind: "marketing_email" },
      secret: HS_TOKEN,
      utm: { medium: "email" },
    });
    expect((await testConnection(admin, conn.id)).lastTest?.ok).toBe(true);
    const id = await buildApprovedItem(t, editor, admin);
    await sendDraft(admin, id, conn.id, 1);
    const done = await settledExport(admin, id, conn.id);
    expect(done).toMatchObject({ status: "drafted", externalUrl: null });
    const email = hs.records.get(done.externalId!)!;
    expect(email.kind).toBe("email");
    expect(email.draft).not.toHaveProperty("sendOnPublish");
    expect(JSON.stringify(email.draft)).toContain("utm_medium=email");
  });

  it("was never asked to publish", () => {
    expect(hs.tripwire).toEqual([]);
  });
});

describe("Webflow", () => {
  it("reads the field mapping from the collection, and names a refused token", async () => {
    const conn = await addWebflow("Webflow blog");
    const tested = await testConnection(admin, conn.id);
    expect(tested.lastTest).toMatchObject({ ok: true });
    expect(tested.fieldMapping).toEqual({
      title: "name",
      slug: "slug",
      body: "post-body",
      summary: "post-summary",
    });
    const bad = await addWebflow("Webflow wrong token", "nope");
    expect((await testConnection(admin, bad.id)).lastTest?.message).toMatch(
      /Webflow refused the API token/,
    );
  });

  it("makes an item with isDraft: true after a 429's Retry-After, and updates the same item", async () => {
    const conn = await addWebflow("Webflow posts");
    await testConnection(admin, conn.id);
    const id = await buildApprovedItem(t, editor, admin);
    wf.script(wf.rateLimited(1, /^POST \/v2\/collections\/[a-f0-9]+\/items$/));
    const from = wf.requests.length;
    await sendDraft(admin, id, conn.id, 1);
    const done = await settledExport(admin, id, conn.id);
    expect(done).toMatchObject({ status: "drafted", attempts: 2 });
    const creates = wf.requests.slice(from).filter((r) => r.method === "POST");
    expect(creates[1]!.at - creates[0]!.at).toBeGreaterThanOrEqual(1000);
    const item = wf.items.get(done.externalId!)!;
    expect(item.isDraft).toBe(true);
    expect(item.fieldData).toMatchObject({
      slug: expect.stringMatching(/^should-cost-reviews-/) as string,
    });
    expect(String(item.fieldData["post-body"])).toContain("utm_source=content-studio");

    await editItem(editor, id);
    await transition(editor, id, "submit");
    await transition(admin, id, "approve");
    await sendDraft(admin, id, conn.id, 2);
    const again = await settledExport(admin, id, conn.id, (e) => e.exportedVersion === 2);
    expect(again.externalId).toBe(done.externalId);
    expect(wf.requests.at(-1)).toMatchObject({ method: "PATCH" });
    expect(wf.items.size).toBe(1);
  });

  it("records a validation error as the export's last error and every attempt in the audit log", async () => {
    const conn = await addWebflow("Webflow strict");
    const id = await buildApprovedItem(t, editor, admin);
    wf.script({
      match: /^POST \/v2\/collections\/[a-f0-9]+\/items$/,
      status: 400,
      body: {
        message: "Validation Error",
        code: "validation_error",
        details: [{ param: "fieldData.post-body", description: "Field is too long" }],
      },
    });
    await sendDraft(admin, id, conn.id, 1);
    const failed = await settledExport(admin, id, conn.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, externalId: null });
    expect(failed.lastError).toBe(
      "Webflow answered HTTP 400: Validation Error (fieldData.post-body: Field is too long).",
    );
    expect(await auditActions(t, id)).toContain("publishing.delivery_attempted");
  });

  it("was never asked to publish", () => {
    expect(wf.tripwire).toEqual([]);
  });
});
