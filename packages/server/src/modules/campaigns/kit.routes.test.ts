import type { Kit } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { buildTestApp, useTestAppAs } from "../../../test/helper";
import { postBrief, startKit, waitForKit, zipEntryNames } from "../../../test/support/kits";

type Ok<T> = { success: true; data: T };

describe("campaign kits with the outline writer", () => {
  const [t, editor] = useTestAppAs(["editor"], { config: { generationRateLimit: 1000 } });

  it("writes every asset of every cell once, as library items, and skips other languages", async () => {
    const { briefId, kit } = await startKit(editor, { languages: ["en", "de"] });
    // 2 cells x 2 languages x 3 assets.
    expect(kit.steps).toHaveLength(12);
    expect(kit.notices.join(" ")).toMatch(/English only/);
    const done = await waitForKit(editor, kit.id, (k) => k.status === "done");
    const english = done.steps.filter((s) => s.language === "en");
    const german = done.steps.filter((s) => s.language === "de");
    expect(english.every((s) => s.status === "done" && s.contentItemId)).toBe(true);
    expect(german.every((s) => s.status === "skipped" && /English only/.test(s.reason ?? ""))).toBe(
      true,
    );
    expect(new Set(english.map((s) => s.contentItemId)).size).toBe(english.length);
    const articles = english.filter((s) => s.asset === "article");
    expect(articles.every((s) => typeof s.qualityScore === "number")).toBe(true);
    // Each item is in the library, with its asset and language.
    const items = await t.db
      .selectFrom("content_item")
      .select(["id", "kit_asset", "language", "body"])
      .where(
        "id",
        "in",
        english.map((s) => s.contentItemId!),
      )
      .execute();
    expect(items).toHaveLength(english.length);
    const subjects = items.find((i) => i.kit_asset === "email-subjects");
    expect(subjects?.body.match(/<li>/g)).toHaveLength(3);

    // The whole kit as a ZIP: three files per written asset and the index.
    const zip = await editor.get(`/api/kits/${kit.id}/export.zip`);
    expect(zip.statusCode).toBe(200);
    // Counted once the streamed ZIP ended (GET /metrics: content_studio_exports_total).
    const counted = (await t.ctx.metrics.exports.get()).values.find(
      (v) => v.labels.kind === "kit" && v.labels.outcome === "success",
    );
    expect(counted?.value).toBe(1);
    expect(zip.headers["content-type"]).toBe("application/zip");
    const names = await zipEntryNames(zip.rawPayload);
    expect(names.filter((n) => n.endsWith(".docx"))).toHaveLength(english.length);
    expect(names).toContain("index.csv");

    // The brief shows its latest kit.
    const brief = await editor.get(`/api/campaigns/${briefId}`);
    expect(
      brief.json<Ok<{ latestKit: { id: string; done: number } }>>().data.latestKit,
    ).toMatchObject({ id: kit.id, done: english.length });
  });

  it("refuses a kit of someone else's brief to an editor, and lets viewers read", async () => {
    const other = await t.signInAs("editor");
    const briefId = await postBrief(editor);
    const refused = await other.post(`/api/campaigns/${briefId}/kits`);
    expect(refused.statusCode).toBe(403);
    const started = await editor.post(`/api/campaigns/${briefId}/kits`);
    const kitId = started.json<Ok<Kit>>().data.id;
    const viewer = await t.signInAs("viewer");
    const read = await viewer.get(`/api/kits/${kitId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<Ok<Kit>>().data.can).toEqual({
      cancel: false,
      resume: false,
      retry: false,
      submit: false,
    });
    expect((await other.post(`/api/kits/${kitId}/cancel`)).statusCode).toBe(403);
    await waitForKit(editor, kitId, (k) => k.status === "done");
  });

  it("counts each step against the owner's AI request limit and waits when it is spent", async () => {
    // The outline writer allows 5 times the provider limit: 5 steps per 10 minutes here.
    const limited = await buildTestApp({ config: { generationRateLimit: 1 } });
    try {
      const owner = await limited.signInAs("editor");
      const kitId = (await startKit(owner)).kit.id;
      // 2 cells x 3 assets: five are written, the sixth waits for the window.
      const waiting = await waitForKit(
        owner,
        kitId,
        (k) => k.counts.done === 5 && k.steps.some((s) => /AI request limit/.test(s.reason ?? "")),
      );
      expect(waiting.status).toBe("running");
      expect(waiting.counts.queued).toBe(1);
      // A generation by hand is refused too: the kit used the same budget.
      const generated = await owner.post("/api/generate-content", {
        personaId: "cto",
        industryId: "aerospace",
        buyingStage: "awareness",
        contentType: "thought-leadership",
        contentTopic: "Should-cost modelling for castings",
      });
      expect(generated.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
