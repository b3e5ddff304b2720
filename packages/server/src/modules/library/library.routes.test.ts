import { parseDocument } from "htmlparser2";
import { sql } from "kysely";
import { marked } from "marked";
import type {
  ContentItem,
  DashboardSummary,
  GeneratedContent,
  LibraryHistory,
  LibraryItemDetail,
  LibraryPage,
  LibraryVersion,
  SessionInfo,
} from "@content-studio/contract";
import { LIBRARY_ACTIONS } from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshLibraryStatistics } from "../../db/database";
import { buildTestApp, type Agent, type TestApp, useTestAppAs } from "../../../test/helper";
import { auditTrail } from "../../../test/support/audit";
import { VALID_REQUEST, modelDraft } from "../../../test/support/generation";
import { purgeExpiredTrash, TRASH_PURGE_QUEUE } from "./library-trash.service";
import { insertTestItem, insertTestItems, qualityReport } from "../../../test/support/library";

type Ok<T> = { success: true; data: T };
type Err = { success: false; code: string; message: string; details?: unknown };

const DAY = 86_400_000;

async function userId(agent: Agent): Promise<string> {
  return (await agent.get("/api/session")).json<Ok<SessionInfo>>().data.user!.id;
}

async function list(agent: Agent, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const res = await agent.get(`/api/library?${qs.toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Ok<LibraryPage>>().data;
}

const ids = (page: LibraryPage) => page.items.map((i) => i.id);

describe("library list: search, filters, sort, pagination", () => {
  let t: TestApp;
  let viewer: Agent;
  const made: Record<string, string> = {};
  let authorId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    viewer = await t.signInAs("viewer");
    const author = await t.signInAs("editor", { name: "Ada Author" });
    authorId = await userId(author);
    const base = Date.parse("2026-10-01T10:00:00Z");
    const at = (d: number) => new Date(base + d * DAY);
    made.turbine = await insertTestItem(t.db, {
      title: "Turbine Blade COSTING in practice",
      contentType: "case-study",
      personaId: "cto",
      industryId: "aerospace",
      buyingStage: "decision",
      status: "published",
      quality: 0.91,
      createdAt: at(0),
      updatedAt: at(9),
      createdBy: authorId,
    });
    made.battery = await insertTestItem(t.db, {
      title: "Battery tray design reviews",
      body: "<p>How gigafactories cut <strong>scrap</strong> with tolerance analysis.</p>",
      contentType: "technical-guide",
      personaId: "director-engineering",
      industryId: "automotive",
      buyingStage: "consideration",
      status: "in_review",
      quality: 0.65,
      createdAt: at(1),
      updatedAt: at(5),
    });
    made.chip = await insertTestItem(t.db, {
      title: "Chip packaging cost models",
      contentType: "industry-report",
      personaId: "product-manager",
      industryId: "high-tech",
      buyingStage: "awareness",
      status: "approved",
      quality: 0.4,
      createdAt: at(2),
      updatedAt: at(2),
    });
    made.unscored = await insertTestItem(t.db, {
      title: "Press line changeovers",
      industryId: "industrial",
      quality: null,
      createdAt: at(3),
      updatedAt: at(3),
    });
  });
  afterAll(() => t.close());

  it("lists every live item, newest update first, with the table's fields", async () => {
    const page = await list(viewer);
    expect(ids(page)).toEqual([made.turbine, made.battery, made.unscored, made.chip]);
    expect(page).toMatchObject({ total: 4, totalCapped: false, nextCursor: null });
    expect(page.items[0]).toMatchObject({
      title: "Turbine Blade COSTING in practice",
      contentType: "case-study",
      personaName: "CTO",
      industryName: "Aerospace",
      status: "published",
      qualityScore: 0.91,
      authorName: "Ada Author",
      version: 1,
      deletedAt: null,
      updatedAt: "2026-10-10T10:00:00.000Z",
    });
  });

  it("searches titles case-insensitively and every section by full text", async () => {
    expect(ids(await list(viewer, { q: "blade costing" }))).toEqual([made.turbine]);
    expect(ids(await list(viewer, { q: "CHIP PACK" }))).toEqual([made.chip]);
    // Only in the body, and stemmed: "gigafactory" matches "gigafactories".
    expect(ids(await list(viewer, { q: "gigafactory" }))).toEqual([made.battery]);
    // LIKE wildcards are literal.
    expect(ids(await list(viewer, { q: "%" }))).toEqual([]);
    expect((await list(viewer, { q: "nothing-like-this" })).total).toBe(0);
  });

  it("filters by type, status, persona, industry, stage, quality band and author", async () => {
    expect(ids(await list(viewer, { type: "technical-guide" }))).toEqual([made.battery]);
    expect(ids(await list(viewer, { status: "approved" }))).toEqual([made.chip]);
    expect(ids(await list(viewer, { personaId: "cto" }))).toEqual([made.turbine]);
    expect(ids(await list(viewer, { industryId: "industrial" }))).toEqual([made.unscored]);
    expect(ids(await list(viewer, { stage: "consideration" }))).toEqual([made.battery]);
    expect(ids(await list(viewer, { quality: "high" }))).toEqual([made.turbine]);
    expect(ids(await list(viewer, { quality: "medium" }))).toEqual([made.battery]);
    expect(ids(await list(viewer, { quality: "low" }))).toEqual([made.chip]);
    expect(ids(await list(viewer, { quality: "unscored" }))).toEqual([made.unscored]);
    expect(ids(await list(viewer, { authorId }))).toEqual([made.turbine]);
    expect(ids(await list(viewer, { type: "case-study", status: "draft" }))).toEqual([]);
    const authors = (await viewer.get("/api/library/authors")).json<Ok<{ name: string }[]>>();
    expect(authors.data.map((a) => a.name)).toEqual(["Ada Author"]);
  });

  it("sorts by created and by quality (unscored last)", async () => {
    expect(ids(await list(viewer, { sort: "created" }))).toEqual([
      made.unscored,
      made.chip,
      made.battery,
      made.turbine,
    ]);
    expect(ids(await list(viewer, { sort: "quality" }))).toEqual([
      made.turbine,
      made.battery,
      made.chip,
      made.unscored,
    ]);
  });

  it("pages with a cursor in every sort, without gaps or repeats", async () => {
    for (const sort of ["updated", "created", "quality"]) {
      const all = ids(await list(viewer, { sort }));
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: LibraryPage = await list(viewer, {
          sort,
          limit: 3,
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...ids(page));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, sort).toEqual(all);
    }
    const bad = await viewer.get("/api/library?cursor=not-a-cursor");
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Err>().code).toBe("validation_error");
    expect((await viewer.get("/api/library?limit=1000")).statusCode).toBe(400);
    expect((await t.anonymous.get("/api/library")).statusCode).toBe(401);
  });

  it("serves a repeated page from its cache with an ETag; a change to an item, an author or a name shows at once", async () => {
    // Aerospace items only: the bulk items of the test above fill the first unfiltered page.
    const PAGE = "/api/library?industryId=aerospace";
    const first = await viewer.get(PAGE);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await viewer.get(PAGE, { "if-none-match": etag })).statusCode).toBe(304);
    // Each row carries the caller's capabilities: an editor never gets the viewer's answer.
    const editor = await t.signInAs("editor");
    expect((await editor.get(PAGE, { "if-none-match": etag })).statusCode).toBe(200);

    await sql`update content_item set title = 'Turbine blade costing, renamed' where id = ${made.turbine}`.execute(
      t.db,
    );
    expect((await viewer.get(PAGE, { "if-none-match": etag })).body).toContain(
      "Turbine blade costing, renamed",
    );
    await t.db
      .updateTable("user")
      .set({ name: "Ada Renamed" })
      .where("id", "=", authorId)
      .execute();
    expect((await viewer.get(PAGE)).body).toContain("Ada Renamed");
    await t.db
      .updateTable("industry")
      .set({ name: "Aerospace & Defence" })
      .where("id", "=", "aerospace")
      .execute();
    expect((await viewer.get(PAGE)).body).toContain("Aerospace & Defence");
  });
});

describe("library search over many items: planned from the statistics", () => {
  let t: TestApp;
  let viewer: Agent;
  const BULK = 1100;

  beforeAll(async () => {
    t = await buildTestApp();
    viewer = await t.signInAs("viewer");
    // Half the items are "Bulk n" with two words that always come together in their body (the
    // planner takes words as independent, so it expects a quarter of those); half are filler.
    const items = Array.from({ length: 2 * BULK }, (_, n) =>
      n < BULK
        ? { title: `Bulk ${n}`, body: "<p>Zebra quokka notes.</p>", industryId: "automotive" }
        : { title: `Filler ${n}`, industryId: "aerospace" },
    );
    await insertTestItems(t.db, items);
    // As a server has them after a bulk load.
    await refreshLibraryStatistics(t.db);
  }, 120_000);
  afterAll(() => t.close());

  it("counts filters up to 1,000 matches", async () => {
    expect(await list(viewer, { industryId: "automotive", limit: 5 })).toMatchObject({
      total: 1000,
      totalCapped: true,
    });
  });

  it("walks the sort order for a search expected to match many, uncounted", async () => {
    const page = await list(viewer, { q: "bulk", limit: 5 });
    expect(page).toMatchObject({ total: null, totalCapped: false });
    expect(page.items).toHaveLength(5);
    expect(page.nextCursor).not.toBeNull();
    // Every match once across the pages, in every sort.
    for (const sort of ["updated", "quality"]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const next: LibraryPage = await list(viewer, {
          q: "BULK",
          sort,
          limit: 100,
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...ids(next));
        cursor = next.nextCursor;
      } while (cursor);
      expect(new Set(seen).size, sort).toBe(BULK);
    }
  });

  it("counts a search expected to match few exactly, and caps one that matches more", async () => {
    // "Bulk 100" and "Bulk 1000" to "Bulk 1009".
    expect(await list(viewer, { q: "bulk 100" })).toMatchObject({ total: 11 });
    expect(await list(viewer, { q: "nothing-like-this" })).toMatchObject({ total: 0 });
    // Expected to match a quarter of the bulk items, it matches all of them: the same page as
    // the walk gives, counted as over the cap.
    const capped = await list(viewer, { q: "zebra quokka", limit: 7 });
    expect(capped).toMatchObject({ total: 1000, totalCapped: true });
    expect(capped.nextCursor).not.toBeNull();
    expect(ids(capped)).toEqual(ids(await list(viewer, { q: "bulk", limit: 7 })));
  });
});

describe("library items: editing, versions, lifecycle, trash, exports", () => {
  let t: TestApp;
  let viewer: Agent;
  let editor: Agent;
  let admin: Agent;
  /** A second editor and a second admin, for the separation of duties. */
  let otherEditor: Agent;
  let otherAdmin: Agent;
  let editorId: string;
  let adminId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    [viewer, editor, admin, otherEditor, otherAdmin] = await Promise.all([
      t.signInAs("viewer"),
      t.signInAs("editor", { name: "Eddie Editor" }),
      t.signInAs("admin", { name: "Ana Admin" }),
      t.signInAs("editor", { name: "Olga Other" }),
      t.signInAs("admin", { name: "Otto Admin" }),
    ]);
    [editorId, adminId] = await Promise.all([userId(editor), userId(admin)]);
  });
  afterAll(() => t.close());

  const get = async (id: string, agent: Agent = viewer) =>
    (await agent.get(`/api/library/${id}`)).json<Ok<LibraryItemDetail>>().data;
  const history = async (id: string) =>
    (await viewer.get(`/api/library/${id}/history`)).json<Ok<LibraryHistory>>().data;
  const transition = (agent: Agent, id: string, action: string, note?: string) =>
    agent.post(`/api/library/${id}/transitions`, { action, ...(note ? { note } : {}) });
  /** The audit log's actions on one item, oldest first. */
  const audited = async (id: string) =>
    (await auditTrail(t, id)).map((e) => `${e.action} by ${e.actor_label.split(" <")[0]}`);
  const save = (agent: Agent, id: string, patch: Record<string, unknown> = {}) =>
    agent.put(`/api/library/${id}`, {
      headline: "Should-cost reviews that catch overruns early",
      introduction: "Cost problems surface after design freeze.",
      body: "<h2>Why</h2><p>Cost is locked in during design.</p>",
      conclusion: "Download the checklist.",
      ...patch,
    });

  it("stores version 1 with every generation and opens it by its address", async () => {
    const res = await editor.post("/api/generate-content", VALID_REQUEST);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<Ok<GeneratedContent>>().data.contentItemId;
    const item = await get(id);
    expect(item).toMatchObject({ id, status: "draft", version: 1, approval: null });
    expect(item.qualityAfter).toBeGreaterThan(0);
    const h = await history(id);
    expect(h.versions).toHaveLength(1);
    expect(h.versions[0]).toMatchObject({
      version: 1,
      note: "Generated",
      createdByName: expect.any(String) as string,
    });
    expect(h.events.map((e) => e.kind)).toEqual(["created"]);
    // The generator's "keep" is this save: version 2.
    const kept = await editor.put(
      `/api/library/${id}`,
      modelDraft({ headline: "A kept headline" }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Ok<ContentItem>>().data.headline).toBe("A kept headline");
    expect((await get(id)).version).toBe(2);
    const missing = await viewer.get("/api/library/does-not-exist");
    expect(missing.statusCode).toBe(404);
  });

  it("gives each role its capabilities with the item", async () => {
    // The editor's own draft.
    const id = await insertTestItem(t.db, { createdBy: editorId });
    expect((await get(id, viewer)).can).toEqual(
      Object.fromEntries(LIBRARY_ACTIONS.map((action) => [action, false])),
    );
    expect((await get(id, editor)).can).toMatchObject({
      edit: true,
      optimize: true,
      visualize: true,
      repurpose: true,
      saveAsExample: true,
      duplicate: true,
      delete: true,
      submit: true,
      approve: false,
      publish: false,
      restore: false,
    });
    expect((await get(id, admin)).can).toMatchObject({ edit: true, submit: true, approve: false });
    // Someone else's draft: edited and submitted together, deleted only by its author or an admin.
    expect((await get(id, otherEditor)).can).toMatchObject({
      edit: true,
      submit: true,
      delete: false,
    });
    expect((await get(id, admin)).can).toMatchObject({ delete: true });
  });

  it("saves a new version per change: sanitised body, re-scored, who and what changed", async () => {
    const id = await insertTestItem(t.db);
    const refused = await save(viewer, id, { headline: "Viewer edit" });
    expect(refused.statusCode).toBe(403);
    expect((await get(id)).version).toBe(1);

    const res = await save(editor, id, {
      body: '<h2>Why</h2><p onclick="x()">Cost is locked in during design.<script>alert(1)</script></p><img src=x onerror=alert(1)>',
      baseVersion: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json<Ok<LibraryItemDetail>>().data;
    expect(item.version).toBe(2);
    expect(item.body).toBe("<h2>Why</h2><p>Cost is locked in during design.</p>");
    expect(item.headline).toBe("Should-cost reviews that catch overruns early");
    // The title followed the headline (it had no wording of its own).
    expect(item.title).toBe("Should-cost reviews that catch overruns early");
    expect(item.updatedByName).toBe("Eddie Editor");
    // Re-scored by the real quality check (the factory's score was 0.85).
    expect(item.qualityAfter).not.toBe(0.85);
    expect(item.qualityReport?.criteria.length).toBeGreaterThan(0);

    const h = await history(id);
    expect(h.versions[0]).toMatchObject({
      version: 2,
      note: "Edited",
      createdByName: "Eddie Editor",
      changedSections: ["title", "headline", "introduction"],
    });
    expect(h.events[0]).toMatchObject({ kind: "edited", version: 2, actorName: "Eddie Editor" });

    // The same text again is not a new version; an edit over an old version is refused.
    expect((await save(editor, id)).json<Ok<LibraryItemDetail>>().data.version).toBe(2);
    const stale = await save(editor, id, { headline: "Stale", baseVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await get(id)).headline).toBe("Should-cost reviews that catch overruns early");
    const empty = await save(editor, id, { body: "<script>only()</script>" });
    expect(empty.statusCode).toBe(400);
  });

  it("reads any version and restores one as a new version", async () => {
    const id = await insertTestItem(t.db, { title: "Original title" });
    await save(editor, id, { headline: "Second headline", title: "Second title" });
    const v1 = (await viewer.get(`/api/library/${id}/versions/1`)).json<Ok<LibraryVersion>>();
    expect(v1.data).toMatchObject({
      version: 1,
      title: "Original title",
      headline: "Original title",
    });
    expect((await viewer.get(`/api/library/${id}/versions/9`)).statusCode).toBe(404);
    expect((await viewer.post(`/api/library/${id}/versions/1/restore`)).statusCode).toBe(403);
    const restored = await editor.post(`/api/library/${id}/versions/1/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Ok<LibraryItemDetail>>().data).toMatchObject({
      version: 3,
      title: "Original title",
      headline: "Original title",
    });
    const h = await history(id);
    expect(h.versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(h.versions[0]!.note).toBe("Restored from version 1");
    expect(h.events[0]).toMatchObject({ kind: "restored_version", version: 3 });
    // Restoring the current text is refused.
    expect((await editor.post(`/api/library/${id}/versions/3/restore`)).statusCode).toBe(409);
  });

  it("runs the whole lifecycle with the right role at each step", async () => {
    // The editor's item: its author submits, an admin (not its author) approves.
    const id = await insertTestItem(t.db, { quality: 0.9, createdBy: editorId });
    // submit: editors (not viewers)
    expect((await transition(viewer, id, "submit")).statusCode).toBe(403);
    expect((await get(id)).status).toBe("draft");
    const submitted = await transition(editor, id, "submit");
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<Ok<LibraryItemDetail>>().data.status).toBe("in_review");
    expect((await transition(editor, id, "submit")).statusCode).toBe(409);

    // approve: admins only
    expect((await transition(editor, id, "approve")).statusCode).toBe(403);
    expect((await get(id)).status).toBe("in_review");
    const approved = await transition(admin, id, "approve");
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Ok<LibraryItemDetail>>().data).toMatchObject({
      status: "approved",
      approval: { version: 1, byName: "Ana Admin" },
    });

    // publish: admins only, then read-only
    expect((await transition(editor, id, "publish")).statusCode).toBe(403);
    const published = await transition(admin, id, "publish");
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<Ok<LibraryItemDetail>>().data.status).toBe("published");
    const edit = await save(admin, id, { headline: "Changed after publishing" });
    expect(edit.statusCode).toBe(409);
    expect((await get(id)).headline).toBe("Should-cost reviews for aerospace programs");
    expect((await get(id, editor)).can).toMatchObject({ edit: false, delete: false });
    expect((await get(id, admin)).can).toMatchObject({ delete: false, unpublish: true });
    // Published content is moved back to draft before anyone deletes it.
    expect((await editor.delete(`/api/library/${id}`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/library/${id}`)).statusCode).toBe(409);

    // unpublish: admins only, back to draft
    expect((await transition(editor, id, "unpublish")).statusCode).toBe(403);
    const back = await transition(admin, id, "unpublish");
    expect(back.json<Ok<LibraryItemDetail>>().data).toMatchObject({
      status: "draft",
      approval: null,
    });

    // reject needs a note, admins only
    await transition(editor, id, "submit");
    expect((await transition(admin, id, "reject")).statusCode).toBe(400);
    expect((await transition(editor, id, "reject", "Too vague")).statusCode).toBe(403);
    const rejected = await transition(admin, id, "reject", "Too vague");
    expect(rejected.json<Ok<LibraryItemDetail>>().data.status).toBe("draft");

    const h = await history(id);
    expect(h.events.map((e) => e.kind)).toEqual([
      "rejected",
      "submitted",
      "unpublished",
      "published",
      "approved",
      "submitted",
      "created",
    ]);
    expect(h.events[0]).toMatchObject({
      fromStatus: "in_review",
      toStatus: "draft",
      note: "Too vague",
      actorName: "Ana Admin",
    });
    // Submitted, approved and published are audited with who did them; refused steps are not.
    expect(await audited(id)).toEqual([
      "content.submitted by Eddie Editor",
      "content.approved by Ana Admin",
      "content.published by Ana Admin",
      "content.submitted by Eddie Editor",
    ]);
  });

  it("separates duties: the author does not approve their own item unless the setting allows it", async () => {
    const id = await insertTestItem(t.db, { quality: 0.9, createdBy: adminId });
    // An admin's own work cannot be submitted and approved in one go.
    expect((await transition(admin, id, "submit")).statusCode).toBe(200);
    expect((await get(id, admin)).can).toMatchObject({ approve: false, reject: true });
    const own = await transition(admin, id, "approve");
    expect(own.statusCode).toBe(403);
    expect(own.json<Err>()).toMatchObject({
      code: "forbidden",
      message: expect.stringMatching(/cannot approve content you wrote/) as string,
    });
    expect((await get(id)).status).toBe("in_review");
    // A second admin approves it.
    expect((await get(id, otherAdmin)).can).toMatchObject({ approve: true });
    const approved = await transition(otherAdmin, id, "approve");
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Ok<LibraryItemDetail>>().data).toMatchObject({
      approval: { byName: "Otto Admin", byAuthor: false },
      selfApprovalAllowed: false,
    });

    // A one-person team turns the setting on: the author approves, and the approval says so.
    const mine = await insertTestItem(t.db, { quality: 0.9, createdBy: adminId });
    await transition(admin, mine, "submit");
    const rowOf = async () =>
      (await list(admin, { q: "should-cost", limit: 100 })).items.find((i) => i.id === mine);
    expect((await rowOf())?.can.approve).toBe(false);
    const settings = (await admin.get("/api/settings/generation")).json<
      Ok<Record<string, unknown>>
    >().data;
    const { can: _can, ...current } = settings;
    const on = await admin.put("/api/settings/generation", {
      ...current,
      allowSelfApproval: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    try {
      // The cached list page follows the setting at once (a settings write drops it).
      expect((await rowOf())?.can.approve).toBe(true);
      const self = await transition(admin, mine, "approve");
      expect(self.statusCode, self.body).toBe(200);
      expect(self.json<Ok<LibraryItemDetail>>().data).toMatchObject({
        status: "approved",
        approval: { byName: "Ana Admin", byAuthor: true },
        selfApprovalAllowed: true,
      });
    } finally {
      await admin.put("/api/settings/generation", { ...current, allowSelfApproval: false });
    }
  });

  it("lets editors delete only their own drafts, and nobody delete published content", async () => {
    const theirs = await insertTestItem(t.db, { createdBy: editorId });
    const refused = await otherEditor.delete(`/api/library/${theirs}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Err>().message).toBe(
      "Editors can delete only their own content. Ask its author or an admin.",
    );
    await transition(editor, theirs, "submit");
    const inReview = await editor.delete(`/api/library/${theirs}`);
    expect(inReview.statusCode).toBe(409);
    expect(inReview.json<Err>().message).toMatch(/Editors can delete only drafts/);
    // An admin may delete it while it is not published.
    expect((await admin.delete(`/api/library/${theirs}`)).statusCode).toBe(200);

    const published = await insertTestItem(t.db, { status: "published", createdBy: adminId });
    const direct = await admin.delete(`/api/library/${published}`);
    expect(direct.statusCode).toBe(409);
    expect(direct.json<Err>().message).toBe(
      "Published content cannot be deleted. Move it back to draft first.",
    );
    expect((await transition(admin, published, "unpublish")).statusCode).toBe(200);
    expect((await admin.delete(`/api/library/${published}`)).statusCode).toBe(200);
  });

  it("voids an approval when the item is edited afterwards", async () => {
    const id = await insertTestItem(t.db, { quality: 0.9 });
    await transition(editor, id, "submit");
    await transition(admin, id, "approve");
    const edited = await save(editor, id, { headline: "Edited after approval" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Ok<LibraryItemDetail>>().data).toMatchObject({
      status: "draft",
      approval: null,
      version: 2,
    });
    expect((await transition(admin, id, "publish")).statusCode).toBe(409);
    const kinds = (await history(id)).events.map((e) => e.kind);
    expect(kinds.slice(0, 2)).toEqual(["approval_voided", "edited"]);
    // Approvals are audited, and so is their voiding.
    const audited = await t.db
      .selectFrom("audit_log")
      .select(["action", "changes"])
      .where("target_id", "=", id)
      .where("action", "=", "content.approval_voided")
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]!.changes).toMatchObject({ approvedVersion: { from: 1, to: null } });
  });

  it("checks the claims against the facts as they are when approving and publishing", async () => {
    const fact = await t.db
      .selectFrom("proof_fact")
      .select(["id", "statement"])
      .where("status", "=", "approved")
      .where("unit", "=", "%")
      .where("subject_type", "=", "company")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const id = await insertTestItem(t.db, {
      quality: 0.9,
      body: `<h2>Evidence</h2><p>${fact.statement}</p>`,
    });
    await transition(editor, id, "submit");
    expect((await transition(admin, id, "approve")).statusCode).toBe(200);
    // The only fact behind the claim is retired after the approval: publication is refused.
    expect((await admin.post(`/api/proof/facts/${fact.id}/retire`)).statusCode).toBe(200);
    const res = await transition(admin, id, "publish");
    expect(res.statusCode).toBe(409);
    expect(res.json<Err>().message).toMatch(/^Publication refused: Claim ".+" is unsupported\.$/);
    expect((await get(id)).status).toBe("approved");
  });

  it("refuses an approval given for a version the item has since moved past", async () => {
    const id = await insertTestItem(t.db, { quality: 0.9 });
    await transition(editor, id, "submit");
    // The approver opens version 1; meanwhile the editor edits and resubmits version 2.
    expect((await save(editor, id, { headline: "Changed after submission" })).statusCode).toBe(200);
    // (The short test text scores low when re-checked; give version 2 a passing score.)
    await t.db
      .updateTable("content_item")
      .set({ quality_after: 0.9, quality_report: JSON.stringify(qualityReport(0.9)) })
      .where("id", "=", id)
      .execute();
    await transition(editor, id, "submit");
    const stale = await admin.post(`/api/library/${id}/transitions`, {
      action: "approve",
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<Err>().message).toBe(
      "This changed since you opened it: version 2 is now current. Reload it and review it again.",
    );
    expect(await get(id)).toMatchObject({ status: "in_review", approval: null });
    const seen = await admin.post(`/api/library/${id}/transitions`, {
      action: "approve",
      version: 2,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    const approved = seen.json<Ok<LibraryItemDetail>>().data;
    expect(approved.approval).toMatchObject({ version: 2 });
    // The header names whoever saved version 2 (the editor), not the approver who changed
    // the item's status since.
    expect(approved).toMatchObject({
      versionSavedByName: "Eddie Editor",
      updatedByName: "Ana Admin",
    });
    expect(Date.parse(approved.versionSavedAt)).toBeLessThan(Date.parse(approved.updatedAt));
  });

  it("refuses approval below the threshold or with an unsupported claim, with the reasons", async () => {
    const low = await insertTestItem(t.db, { quality: 0.5 });
    await transition(editor, low, "submit");
    const refused = await transition(admin, low, "approve");
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Err>().message).toBe(
      "Approval refused: Quality score 50% is below the threshold of 70%.",
    );
    expect(refused.json<Err>().details).toEqual({
      blockers: [{ code: "below_threshold", score: 0.5, threshold: 0.7 }],
    });
    expect(await get(low)).toMatchObject({ status: "in_review", approval: null });

    // The approval checks the claims of the text as it is (the stored report says the same).
    const claim = await insertTestItem(t.db, {
      quality: 0.95,
      unsupported: ["73% faster reviews"],
      body: "<h2>Why</h2><p>Our customers report 73% faster reviews with NCS Design.</p>",
    });
    await transition(editor, claim, "submit");
    expect((await get(claim)).approvalBlockers).toEqual([
      { code: "claim_not_supported", status: "unsupported", text: "73% faster reviews" },
    ]);
    const res = await transition(admin, claim, "approve");
    expect(res.statusCode).toBe(409);
    expect(res.json<Err>().message).toMatch(/Claim "73%[^"]*" is unsupported\./);
    expect((await get(claim)).status).toBe("in_review");

    const unscored = await insertTestItem(t.db, { quality: null });
    await transition(editor, unscored, "submit");
    expect((await transition(admin, unscored, "approve")).statusCode).toBe(409);
    // On demand, the check runs and stores a score without a new version.
    const checked = await editor.post(`/api/library/${unscored}/quality-check`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<Ok<LibraryItemDetail>>().data.qualityAfter).toEqual(expect.any(Number));
    expect(checked.json<Ok<LibraryItemDetail>>().data.version).toBe(1);
    expect((await viewer.post(`/api/library/${unscored}/quality-check`)).statusCode).toBe(403);
  });

  it("duplicates an item as a new draft with its own history", async () => {
    const id = await insertTestItem(t.db, { title: "Worth copying", status: "published" });
    expect((await viewer.post(`/api/library/${id}/duplicate`)).statusCode).toBe(403);
    const res = await editor.post(`/api/library/${id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<Ok<LibraryItemDetail>>().data;
    expect(copy).toMatchObject({
      title: "Worth copying (copy)",
      status: "draft",
      version: 1,
      authorName: "Eddie Editor",
    });
    expect(copy.id).not.toBe(id);
    expect((await history(copy.id)).events.map((e) => e.kind)).toEqual(["duplicated"]);
    expect((await get(id)).status).toBe("published");
  });

  it("moves items to the Trash, restores them (their author or admins) and purges them (admins)", async () => {
    const id = await insertTestItem(t.db, { title: "Trash me", createdBy: editorId });
    expect((await viewer.delete(`/api/library/${id}`)).statusCode).toBe(403);
    expect((await otherEditor.delete(`/api/library/${id}`)).statusCode).toBe(403);
    expect((await get(id)).deletedAt).toBeNull();
    const del = await editor.delete(`/api/library/${id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(ids(await list(viewer, { q: "trash me" }))).toEqual([]);
    expect(ids(await list(viewer, { q: "trash me", view: "trash" }))).toEqual([id]);
    expect((await get(id, admin)).can).toMatchObject({ restore: true, purge: true, edit: false });
    expect((await save(editor, id)).statusCode).toBe(409);

    expect((await get(id, editor)).can).toMatchObject({ restore: true, purge: false });
    expect((await otherEditor.post(`/api/library/${id}/restore`)).statusCode).toBe(403);
    const restored = await admin.post(`/api/library/${id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(ids(await list(viewer, { q: "trash me" }))).toEqual([id]);
    expect((await admin.post(`/api/library/${id}/purge`)).statusCode).toBe(409);

    await editor.delete(`/api/library/${id}`);
    expect((await editor.post(`/api/library/${id}/purge`)).statusCode).toBe(403);
    expect((await get(id)).deletedAt).not.toBeNull();
    expect((await admin.post(`/api/library/${id}/purge`)).statusCode).toBe(200);
    expect((await viewer.get(`/api/library/${id}`)).statusCode).toBe(404);
    expect((await viewer.get(`/api/library/${id}/history`)).statusCode).toBe(404);
    expect(await audited(id)).toEqual([
      "content.deleted by Eddie Editor",
      "content.restored by Ana Admin",
      "content.deleted by Eddie Editor",
      "content.purged by Ana Admin",
    ]);
  });

  it("purges Trash older than 30 days on schedule (injected clock)", async () => {
    const keep = await insertTestItem(t.db, { title: "Recently deleted", createdBy: editorId });
    const old = await insertTestItem(t.db, { title: "Long deleted", createdBy: editorId });
    await editor.delete(`/api/library/${keep}`);
    await editor.delete(`/api/library/${old}`);
    const deletedAt = new Date((await get(old)).deletedAt!).getTime();
    // 29 days later nothing is due.
    expect(await purgeExpiredTrash(t.db, new Date(deletedAt + 29 * DAY))).toBe(0);
    // Backdate one deletion; the scheduled job (clock 30 days and a minute on) purges only it.
    await t.db
      .updateTable("content_item")
      .set({ deleted_at: new Date(deletedAt - 10 * DAY) })
      .where("id", "=", old)
      .execute();
    // A purge job on the job engine, as the hourly schedule sends, as of 21 days on.
    await t.ctx.jobEngine.send(t.db, TRASH_PURGE_QUEUE, {
      asOf: new Date(deletedAt + 21 * DAY).toISOString(),
    });
    await expect
      .poll(async () => (await viewer.get(`/api/library/${old}`)).statusCode, { timeout: 15_000 })
      .toBe(404);
    expect((await get(keep)).deletedAt).not.toBeNull();
  });

  it("exports Markdown, HTML and DOCX downloads", async () => {
    const id = await insertTestItem(t.db, {
      title: "Export <me> & you",
      body: '<h2>Costs</h2><ul><li>One <strong>bold</strong></li></ul><p>See <a href="https://example.com">this</a>.</p>',
    });
    const md = await viewer.get(`/api/library/${id}/export?format=md`);
    expect(md.statusCode).toBe(200);
    expect(md.headers["content-type"]).toContain("text/markdown");
    expect(md.headers["content-disposition"]).toContain('filename="export-me-you.md"');
    expect(md.body).toContain("## Costs");
    expect(md.body).toContain("-   One **bold**");
    expect(md.body).toContain("[this](https://example.com)");

    const html = await viewer.get(`/api/library/${id}/export?format=html`);
    expect(html.headers["content-type"]).toContain("text/html");
    expect(html.body).toContain("<h1>Export &lt;me&gt; &amp; you</h1>");
    expect(html.body).toContain("<h2>Costs</h2>");
    expect(html.body).not.toContain("<me>");

    const docx = await viewer.get(`/api/library/${id}/export?format=docx`);
    expect(docx.statusCode).toBe(200);
    expect(docx.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(docx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    expect(docx.rawPayload.includes(Buffer.from("word/document.xml"))).toBe(true);
    expect((await viewer.get(`/api/library/${id}/export?format=pdf`)).statusCode).toBe(400);
  });

  it("exports text that looks like markup as text, whatever renders the Markdown", async () => {
    const id = await insertTestItem(t.db, {
      title: "<script>alert('title')</script>",
      body: "<p>&lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=alert(2)&gt;</p><ul><li>&lt;iframe src=javascript:alert(3)&gt;</li></ul>",
    });
    const md = await viewer.get(`/api/library/${id}/export?format=md`);
    expect(md.statusCode).toBe(200);
    // Rendered as a default Markdown renderer does (raw HTML passes through marked unless escaped).
    const rendered = parseDocument(marked.parse(md.body, { async: false }));
    const elements: string[] = [];
    const attributes: string[] = [];
    const walk = (nodes: ReturnType<typeof parseDocument>["children"]) => {
      for (const node of nodes) {
        if ("attribs" in node) {
          elements.push(node.name);
          attributes.push(...Object.keys(node.attribs));
          walk(node.children);
        }
      }
    };
    walk(rendered.children);
    expect(elements.filter((e) => ["script", "img", "iframe"].includes(e))).toEqual([]);
    expect(attributes.filter((a) => a.startsWith("on"))).toEqual([]);
    // The reader still sees the text as it was written.
    expect(marked.parse(md.body, { async: false })).toContain("&lt;script&gt;alert(1)");
  });
});

describe("dashboard summary", () => {
  const [t, viewer, admin] = useTestAppAs(["viewer", "admin"]);

  const summary = async () => {
    const res = await viewer.get("/api/dashboard/summary");
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Ok<DashboardSummary>>().data;
  };

  it("is empty on an empty database", async () => {
    const s = await summary();
    expect(s.stats).toEqual({ total: 0, lastWeek: 0, highQuality: 0, needsRefinement: 0 });
    expect(s).toMatchObject({
      averageGenerationMs: null,
      generationsMeasured: 0,
      recent: [],
      coverage: [],
    });
    expect(s.weekly).toHaveLength(12);
    expect(s.weekly.every((w) => w.count === 0)).toBe(true);
  });

  it("counts from the database: tiles, generation time, recent, coverage and weeks", async () => {
    const now = Date.now();
    await insertTestItem(t.db, {
      quality: 0.9,
      durationMs: 1000,
      createdAt: new Date(now - 2 * DAY),
    });
    await insertTestItem(t.db, { quality: 0.7, durationMs: 3000, createdAt: new Date(now - DAY) });
    await insertTestItem(t.db, {
      quality: 0.5,
      durationMs: 2000,
      createdAt: new Date(now - 20 * DAY),
    });
    const newest = await insertTestItem(t.db, {
      title: "Newest",
      quality: null,
      durationMs: 6000,
      status: "in_review",
      personaId: "cto",
      industryId: "automotive",
      buyingStage: "decision",
    });
    const deleted = await insertTestItem(t.db, { quality: 0.99 });
    await admin.delete(`/api/library/${deleted}`);

    let s = await summary();
    // Threshold 0.7: 0.9 and 0.7 are high quality, 0.5 needs refinement, unscored is neither.
    expect(s.stats).toEqual({ total: 4, lastWeek: 3, highQuality: 2, needsRefinement: 1 });
    expect(s.averageGenerationMs).toBe(Math.round((1000 + 3000 + 2000 + 6000 + 1000) / 5));
    expect(s.recent[0]).toMatchObject({
      id: newest,
      title: "Newest",
      personaName: "CTO",
      industryName: "Automotive",
      qualityScore: null,
    });
    expect(s.recent).toHaveLength(4);
    expect(s.coverage).toEqual([]);
    expect(s.weekly.reduce((n, w) => n + w.count, 0)).toBe(4);
    expect(s.weekly.at(-1)!.count).toBeGreaterThanOrEqual(1);

    // Approving moves the cell onto the coverage map.
    const saved = await admin.put(`/api/library/${newest}`, {
      headline: "Newest",
      introduction: "Most programs find cost problems late.",
      body: "<h2>Why</h2><p>Cost is locked in during design.</p>",
      conclusion: "Download the checklist.",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.db
      .updateTable("content_item")
      .set({ status: "published" })
      .where("id", "=", newest)
      .execute();
    s = await summary();
    expect(s.coverage).toEqual([
      {
        personaId: "cto",
        industryId: "automotive",
        buyingStage: "decision",
        count: 1,
        averageQuality: expect.any(Number) as number,
      },
    ]);
  });
});
