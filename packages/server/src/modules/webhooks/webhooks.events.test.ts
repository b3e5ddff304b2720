import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS, type WebhookPayload } from "@content-studio/contract";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/fakes/webhook-receiver";
import {
  buildAccount,
  buildBrief,
  buildContentItem,
  buildFact,
  buildImportPreview,
  type TestAccount,
} from "../../../test/support/factories";
import { commitImport } from "../audience/audience.service";
import { finishKitIfDone } from "../campaigns/kit.worker";
import { insertKit } from "../campaigns/kit.repository";
import { saveLibraryItem } from "../library/library-edit.service";
import { transitionLibraryItem } from "../library/library-lifecycle.service";
import { expireFact, retireFact } from "../proof/proof.service";

// Each event is emitted where its change happens, and reaches a subscribed endpoint signed.
let t: TestApp;
let admin: Agent;
let adminAccount: TestAccount;
let author: TestAccount;
let r: WebhookReceiver;

beforeAll(async () => {
  t = await buildTestApp({
    config: { webhooks: { retryScheduleMs: [300], timeoutMs: 2000, disableAfterFailures: 50 } },
  });
  admin = await t.signInAs("admin");
  adminAccount = await buildAccount(t, "admin");
  author = await buildAccount(t, "editor");
  r = await startWebhookReceiver();
  await admin.put("/api/webhooks/allow-list", { allowedOrigins: [r.origin] });
  const res = await admin.post("/api/webhooks", {
    url: `${r.origin}/all`,
    events: [...WEBHOOK_EVENTS],
  });
  expect(res.statusCode, res.body).toBe(201);
  r.secrets = [res.json<{ data: { secret: string } }>().data.secret];
}, 60_000);

afterAll(async () => {
  await t.close();
  await r.close();
});

const strays = new Set<object>();

/** The next verified message of `type` about `key` (a field of its data). */
async function nextMessage(type: string, key: [string, string | number]): Promise<WebhookPayload> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const got of r.received) {
      // Only the app's webhooks. A file running beside this one may pick a free port for a
      // server it spawns, and this receiver may take it first: that file's health checks then
      // reach this receiver (test/support/server-process.ts starts its server again elsewhere).
      if (!got.id) {
        if (!strays.has(got)) console.warn(`stray request to the receiver: ${got.path}`);
        strays.add(got);
        continue;
      }
      const body = JSON.parse(got.body) as WebhookPayload;
      if (body.type === type && body.data[key[0]] === key[1]) {
        expect(got.verifiedWith).not.toBeNull();
        return body;
      }
    }
    if (Date.now() > deadline) throw new Error(`no ${type} message for ${key.join("=")}`);
    await new Promise((res) => setTimeout(res, 150));
  }
}

describe("webhook events", () => {
  it("content: submitted, rejected, approved, published, exported", async () => {
    const id = await buildContentItem(t, { createdBy: author.user.id });
    const step = (action: "submit" | "reject" | "approve" | "publish") =>
      transitionLibraryItem(t.ctx, action === "submit" ? author.user : adminAccount.user, id, {
        action,
      });
    await step("submit");
    await step("reject");
    await step("submit");
    await step("approve");
    await step("publish");
    for (const type of [
      "content.submitted",
      "content.rejected",
      "content.approved",
      "content.published",
    ]) {
      const msg = await nextMessage(type, ["itemId", id]);
      expect(msg.data.url).toMatch(new RegExp(`/library/${id}$`));
    }
    const exported = await admin.get(`/api/library/${id}/export?format=md`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect((await nextMessage("content.exported", ["itemId", id])).data.format).toBe("md");
  });

  it("claim.unsupported when a save finds a claim no fact supports", async () => {
    const id = await buildContentItem(t, { createdBy: author.user.id });
    await saveLibraryItem(t.ctx, author.user, id, {
      headline: "Should-cost reviews that catch overruns early",
      introduction: "Most programs find cost problems late.",
      body: "<p>NCS Pro cuts scrap by 37% within one quarter for every customer.</p>",
      conclusion: "Download the checklist.",
    });
    const msg = await nextMessage("claim.unsupported", ["itemId", id]);
    expect(msg.data.unsupportedClaims).toBeGreaterThan(0);
  });

  it("fact.expired and fact.retired", async () => {
    const actors = { proposer: author.user, approver: adminAccount.user };
    const expiring = await buildFact(t, actors, "approved");
    const retiring = await buildFact(t, actors, "approved");
    await expireFact(t.ctx, adminAccount.user, expiring);
    await retireFact(t.ctx, adminAccount.user, retiring);
    await nextMessage("fact.expired", ["factId", expiring]);
    await nextMessage("fact.retired", ["factId", retiring]);
  });

  it("intent.surge for an account an import lifts to the threshold, not for one below it", async () => {
    const importId = await buildImportPreview(t, adminAccount.user);
    await commitImport(t.ctx, adminAccount.user, importId, "merge");
    const msg = await nextMessage("intent.surge", ["name", "Gamma Gears"]);
    expect(msg.data).toMatchObject({ intent: 81, threshold: 70 });
    expect(
      r.received.some(
        (g) => (JSON.parse(g.body) as WebhookPayload).data.name === "Hotel Hydraulics",
      ),
    ).toBe(false);
  });

  it("kit.completed when a kit's last step finishes", async () => {
    const briefId = await buildBrief(t, adminAccount.user);
    const kitId = randomUUID();
    await insertKit(
      t.db,
      {
        id: kitId,
        briefId,
        briefName: "Kit brief",
        brief: {},
        provider: "builtin",
        notices: [],
        startedBy: adminAccount.user.id,
      },
      [],
    );
    await finishKitIfDone(t.ctx, kitId);
    expect((await nextMessage("kit.completed", ["kitId", kitId])).data.briefId).toBe(briefId);
  });
});
