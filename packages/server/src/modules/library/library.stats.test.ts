import type { DashboardSummary, GeneratedContent } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { type Agent, useTestAppAs } from "../../../test/helper";
import { VALID_REQUEST, modelDraft } from "../../../test/support/generation";
import { readLibraryStats, recountLibraryStats } from "./library.repository";
import { purgeExpiredTrash } from "./library-trash.service";
import { insertTestItem } from "../../../test/support/library";

type Ok<T> = { success: true; data: T };
const DAY = 86_400_000;

describe("dashboard counters", () => {
  const [t, editor, admin] = useTestAppAs(["editor", "admin"]);

  /** The counters equal a recount of the items (and are not trivially empty). */
  async function expectCountersExact() {
    const [stored, recounted] = await Promise.all([
      readLibraryStats(t.db),
      recountLibraryStats(t.db),
    ]);
    expect(stored).toEqual(recounted);
    return stored;
  }
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect([200, 201], r.body).toContain(r.statusCode);
    return r;
  };
  const transition = (agent: Agent, id: string, action: string) =>
    ok(agent.post(`/api/library/${id}/transitions`, { action, note: "Needs another pass." }));

  it("equal a recount after creates, edits, transitions, deletes, restores and purges", async () => {
    const now = Date.now();
    // Creates: a generation, and stored items on other days, scores, audiences and states.
    const generated = (await ok(editor.post("/api/generate-content", VALID_REQUEST))).body;
    const generatedId = (JSON.parse(generated) as Ok<GeneratedContent>).data.contentItemId;
    // The editor's own drafts (editors trash only their own drafts).
    const session = await editor.get("/api/session");
    const editorId = session.json<{ data: { user: { id: string } } }>().data.user.id;
    const a = await insertTestItem(t.db, {
      quality: 0.9,
      createdAt: new Date(now - 3 * DAY),
      createdBy: editorId,
    });
    const b = await insertTestItem(t.db, {
      quality: 0.72,
      status: "in_review",
      personaId: "cto",
      industryId: "automotive",
      buyingStage: "decision",
      createdAt: new Date(now - 40 * DAY),
    });
    const c = await insertTestItem(t.db, {
      quality: null,
      createdAt: new Date(now - 3 * DAY),
      createdBy: editorId,
    });
    const d = await insertTestItem(t.db, { quality: 0.9, status: "published" });
    let stats = await expectCountersExact();
    expect(stats.days.reduce((n, day) => n + day.items, 0)).toBe(5);
    expect(stats.coverage).toHaveLength(1);

    // Edits: new text is re-scored; a save of an approved item sends it back to draft.
    await ok(
      editor.put(`/api/library/${c}`, {
        headline: "Should-cost reviews that catch overruns early",
        introduction: "Cost problems surface after design freeze.",
        body: "<h2>Why</h2><p>Cost is locked in during design, long before the first quote.</p>",
        conclusion: "Download the checklist.",
      }),
    );
    await ok(editor.put(`/api/library/${generatedId}`, modelDraft({ headline: "Kept" })));
    await expectCountersExact();

    // Transitions: onto and off the coverage map.
    await transition(admin, b, "approve");
    stats = await expectCountersExact();
    expect(stats.coverage.map((cell) => cell.key)).toContain("cto/automotive/decision");
    await transition(admin, b, "publish");
    await transition(admin, d, "unpublish");
    await transition(editor, d, "submit");
    await transition(admin, d, "reject");
    await expectCountersExact();

    // Duplicate, delete, restore, purge.
    await ok(editor.post(`/api/library/${a}/duplicate`));
    await ok(editor.delete(`/api/library/${a}`));
    await ok(editor.delete(`/api/library/${c}`));
    stats = await expectCountersExact();
    expect(stats.days.reduce((n, day) => n + day.items, 0)).toBe(4);
    await ok(admin.post(`/api/library/${a}/restore`));
    await expectCountersExact();
    await ok(admin.post(`/api/library/${c}/purge`));
    // Published content goes back to draft before it is deleted.
    await transition(admin, b, "unpublish");
    await ok(admin.delete(`/api/library/${b}`));
    await expectCountersExact();
    expect(await purgeExpiredTrash(t.db, new Date(now + 31 * DAY))).toBe(1);
    await expectCountersExact();

    // Statements that change many rows at once (the counters work per statement).
    await t.db.updateTable("content_item").set({ status: "approved" }).execute();
    await t.db
      .updateTable("content_item")
      .set({ quality_after: 0.5, created_at: new Date(now - 70 * DAY) })
      .where("id", "in", [a, d])
      .execute();
    stats = await expectCountersExact();
    expect(stats.qualities).toContainEqual({ quality: 0.5, items: 2 });
    await t.db.deleteFrom("content_item").execute();
    stats = await expectCountersExact();
    expect(stats).toEqual({ days: [], qualities: [], coverage: [] });
  });

  it("give the summary the same tiles, coverage and weeks as counting the items", async () => {
    await t.db.deleteFrom("content_item").execute();
    const now = new Date();
    await insertTestItem(t.db, { quality: 0.7, createdAt: new Date(now.getTime() - 6 * DAY) });
    // Just outside the last seven days, on the same UTC day as the boundary or the one before.
    await insertTestItem(t.db, {
      quality: 0.69,
      createdAt: new Date(now.getTime() - 7 * DAY - 60_000),
    });
    await insertTestItem(t.db, {
      quality: 0.81,
      status: "approved",
      createdAt: new Date(now.getTime() - 7 * DAY + 60_000),
    });
    await insertTestItem(t.db, { quality: 0.93, status: "published" });
    await insertTestItem(t.db, { quality: null, status: "published" });
    const s = (await ok(admin.get("/api/dashboard/summary"))).body;
    const summary = (JSON.parse(s) as Ok<DashboardSummary>).data;
    expect(summary.stats).toEqual({ total: 5, lastWeek: 4, highQuality: 3, needsRefinement: 1 });
    expect(summary.coverage).toEqual([
      {
        personaId: "vp-engineering",
        industryId: "aerospace",
        buyingStage: "awareness",
        count: 3,
        averageQuality: expect.closeTo((0.81 + 0.93) / 2, 12) as number,
      },
    ]);
    expect(summary.weekly.reduce((n, w) => n + w.count, 0)).toBe(5);
    await expectCountersExact();
  });
});
