import type {
  ContentItem,
  ContentVariations,
  LibraryHistory,
  LibraryItemDetail,
  Visualization,
} from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { type Agent } from "../../../test/helper";
import { answer } from "../../../test/fakes/ai-provider-server";
import { useOpenAiFakeApp } from "../../../test/support/generation";
import type { Ok, Err } from "../../../test/support/responses";
import { insertTestItem } from "../../../test/support/library";
import { auditRows } from "../../../test/support/accounts";

const VARIATIONS = {
  linkedin: "A LinkedIn post about should-cost reviews.",
  x: "Should-cost reviews catch overruns early.",
  emailSubjects: ["Catch overruns at design review", "Should-cost, explained", "Your next gate"],
  newsletter: "A short newsletter blurb.",
};
/** A 1×1 PNG, as OpenAI's image model answers (base64). */
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
/** How long the fake holds each answer: time enough to change the item meanwhile. */
const HOLD_MS = 1_500;

/**
 * Visualize and repurpose wait on a provider, then write. Whatever happened to the item during
 * the wait is checked again on the locked row before the write: a provider fake holds the
 * answer open while another user publishes, trashes or approves the item.
 */
describe("an asset write after a provider call re-checks the item", () => {
  const [t, fake, editor, admin] = useOpenAiFakeApp(["editor", "admin"]);

  const transition = (agent: Agent, id: string, action: string) =>
    agent.post(`/api/library/${id}/transitions`, { action });
  const moved = async (agent: Agent, id: string, action: string) =>
    expect((await transition(agent, id, action)).statusCode).toBe(200);
  const item = async (id: string) =>
    (await admin.get(`/api/library/${id}`)).json<Ok<ContentItem>>().data;
  const versionOf = async (id: string) =>
    (await admin.get(`/api/library/${id}`)).json<Ok<LibraryItemDetail>>().data.version;
  const historyOf = async (id: string) =>
    (await admin.get(`/api/library/${id}/history`)).json<Ok<LibraryHistory>>().data;

  /**
   * Starts `call`, waits until the provider has the request, runs `meanwhile`, then answers with
   * `held`.
   */
  async function whileHeld<T>(
    held: unknown,
    call: () => Promise<T>,
    meanwhile: () => Promise<void>,
  ) {
    fake.enqueue(answer(held, { delayMs: HOLD_MS }));
    const before = fake.requests.length;
    const pending = call();
    const started = Date.now();
    while (fake.requests.length === before) {
      if (Date.now() - started > 10_000) throw new Error("the provider never got the request");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await meanwhile();
    return pending;
  }

  async function approvedItem(): Promise<string> {
    const id = await insertTestItem(t.db, { quality: 0.95 });
    await moved(editor, id, "submit");
    await moved(admin, id, "approve");
    return id;
  }

  it("refuses variations for an item published meanwhile, and writes nothing", async () => {
    const id = await approvedItem();
    const res = await whileHeld(
      VARIATIONS,
      () => editor.post(`/api/library/${id}/repurpose`, {}),
      () => moved(admin, id, "publish"),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<Err>().success).toBe(false);
    const after = await item(id);
    expect(after.status).toBe("published");
    expect(after.repurposed).toBeNull();
  });

  it("refuses a picture for an item moved to the Trash meanwhile, and writes nothing", async () => {
    // The editor's own draft (editors trash only their own drafts).
    const session = await editor.get("/api/session");
    const editorId = session.json<{ data: { user: { id: string } } }>().data.user.id;
    const id = await insertTestItem(t.db, { createdBy: editorId });
    const res = await whileHeld(
      PNG,
      () => editor.post(`/api/library/${id}/visualize`, { imagePrompt: "A cost chart" }),
      async () => {
        expect((await editor.delete(`/api/library/${id}`)).statusCode).toBe(200);
      },
    );
    expect(fake.requests.at(-1)?.path).toMatch(/\/images\/generations$/);
    expect(res.statusCode, res.body).toBe(409);
    const row = await t.db
      .selectFrom("content_item")
      .select(["visualization", "deleted_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.visualization).toBeNull();
  });

  it("saves a picture for an item approved meanwhile and sends it back to draft", async () => {
    const id = await insertTestItem(t.db, { quality: 0.95 });
    await moved(editor, id, "submit");
    const res = await whileHeld(
      PNG,
      () => editor.post(`/api/library/${id}/visualize`, { imagePrompt: "A cost chart" }),
      () => moved(admin, id, "approve"),
    );
    expect(res.statusCode, res.body).toBe(200);
    const viz = res.json<Ok<Visualization>>().data;
    expect(viz).toMatchObject({ kind: "png", source: "openai", data: PNG });
    const after = await item(id);
    expect(after.status).toBe("draft");
    expect(after.visualization).toEqual(viz);
    const history = await historyOf(id);
    expect(history.events.slice(0, 2).map((e) => e.kind)).toEqual(
      expect.arrayContaining(["edited", "approval_voided"]),
    );
    // Like an edit, the picture makes a new version (the text as it was, the image as the
    // change), so the approval of version 1 cannot be mistaken for one of what is there now.
    expect(await versionOf(id)).toBe(2);
    expect(history.versions[0]).toMatchObject({
      version: 2,
      changedSections: ["visualization"],
      note: "A new visualization was saved.",
    });
    expect(await auditRows(t, "content.approval_voided", id)).toHaveLength(1);
  });

  it("saves variations for an item submitted for review, which goes back to draft", async () => {
    const id = await insertTestItem(t.db, { quality: 0.95 });
    const res = await whileHeld(
      VARIATIONS,
      () => editor.post(`/api/library/${id}/repurpose`, {}),
      () => moved(editor, id, "submit"),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<Ok<ContentVariations>>().data;
    const after = await item(id);
    expect(after.status).toBe("draft");
    expect(after.repurposed).toEqual(saved);
    expect(await versionOf(id)).toBe(2);
    const history = await historyOf(id);
    expect(history.versions[0]?.changedSections).toEqual(["variations"]);
  });

  it("treats a new image prompt on an approved item as an edit: new version, approval void, audited", async () => {
    const id = await approvedItem();
    const before = await item(id);
    const beforeVersion = await versionOf(id);
    const text = {
      headline: before.headline,
      introduction: before.introduction,
      body: before.body,
      conclusion: before.conclusion,
    };
    const res = await editor.put(`/api/library/${id}`, {
      ...text,
      baseVersion: beforeVersion,
      imagePrompt: "A line chart of engineering change orders by month",
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await item(id);
    expect(after).toMatchObject({
      status: "draft",
      imagePrompt: "A line chart of engineering change orders by month",
    });
    expect(await versionOf(id)).toBe(beforeVersion + 1);
    const history = await historyOf(id);
    expect(history.versions[0]?.changedSections).toEqual(["imagePrompt"]);
    expect(history.events.map((e) => e.kind)).toContain("approval_voided");
    expect(await auditRows(t, "content.approval_voided", id)).toHaveLength(1);
    // The same prompt again changes nothing: no version, status as it is.
    const again = await editor.put(`/api/library/${id}`, {
      ...text,
      baseVersion: beforeVersion + 1,
      imagePrompt: "A line chart of engineering change orders by month",
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await versionOf(id)).toBe(beforeVersion + 1);
  });
});
