import type { Kit } from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answer,
  MALFORMED_JSON,
  maxInFlight,
  rateLimit,
  type FakeAiProviderServer,
  type RecordedRequest,
} from "../../../test/fakes/ai-provider-server";
import { type Agent, type TestApp } from "../../../test/helper";
import { buildOpenAiFakeApp } from "../../../test/support/generation";
import { finishedKit, startKit, waitForKit } from "../../../test/support/kits";

type Ok<T> = { success: true; data: T };

const PERSONAS = ["vp-engineering", "director-engineering", "cto", "product-manager"];
const INDUSTRIES = ["aerospace", "automotive", "industrial"];
const STAGES = ["awareness", "consideration", "decision"] as const;
const CAP = 4;

/** What the fake writes for each kind of call (the prompt says which asset it is). */
function answerFor(request: RecordedRequest, index: number) {
  // About one call in ten is rate limited, and one in twenty-three answers broken JSON.
  if (index % 10 === 3) return rateLimit({ retryAfterMs: 20 });
  if (index % 23 === 7) return answer(MALFORMED_JSON, { delayMs: 20 });
  const prompt = request.promptText;
  if (/exactly 3 email subject lines/.test(prompt)) {
    return answer(
      { subjects: ["Cost before release", "Quotes you can check", "A pilot plan"] },
      { delayMs: 20 },
    );
  }
  if (
    /Write (a LinkedIn post|an X post|a newsletter blurb|one prompt for an image model)/.test(
      prompt,
    )
  ) {
    return answer(
      { text: "Should-cost estimates during design cut late changes." },
      { delayMs: 20 },
    );
  }
  return answer(
    {
      headline: "Cost visibility before design release",
      introduction: "Engineering leaders see product cost while the design can still change.",
      body: "<h2>Why it matters</h2><p>Late engineering changes are the most expensive ones.</p><h2>How</h2><p>Estimate cost from the CAD model at every design review.</p>",
      conclusion: "Start with one product line and compare estimates with supplier quotes.",
      imagePrompt: "An engineer reviewing a cost breakdown next to a CAD model",
    },
    { delayMs: 20 },
  );
}

/** An article the fake writes: the same image prompt each time, and a plain conclusion unless given. */
const articleAnswer = (fields: {
  headline: string;
  introduction: string;
  body: string;
  conclusion?: string;
}) =>
  answer({
    conclusion: "Start with one product line.",
    imagePrompt: "An engineer reviewing a cost breakdown",
    ...fields,
  });

describe("a 216-step kit against a provider that fails now and then", () => {
  let fake: FakeAiProviderServer;
  let t: TestApp;
  let editor: Agent;
  beforeAll(async () => {
    ({ t, fake } = await buildOpenAiFakeApp({
      config: { generationRateLimit: 100_000, kitConcurrency: CAP },
    }));
    let index = 0;
    fake.setDefault((request) => answerFor(request, index++));
    editor = await t.signInAs("editor");
  });
  afterAll(() => t.close());

  it("writes every step exactly once, never more than the cap at once, through cancel and resume", async () => {
    const cells = PERSONAS.flatMap((personaId) =>
      INDUSTRIES.flatMap((industryId) =>
        STAGES.map((buyingStage) => ({ personaId, industryId, buyingStage })),
      ),
    );
    const { kit } = await startKit(editor, {
      cells,
      assets: ["article", "linkedin", "x", "email-subjects", "newsletter", "image-prompt"],
    });
    const kitId = kit.id;
    expect(kit.steps).toHaveLength(216);

    // Cancel part-way: finished steps stay, the rest wait.
    const partway = await waitForKit(editor, kitId, (k) => k.counts.done >= 30, 120_000);
    const cancelled = await editor.post(`/api/kits/${kitId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Let steps being written when it was cancelled settle (they are not stored).
    await new Promise((r) => setTimeout(r, 1500));
    const stopped = (await editor.get(`/api/kits/${kitId}`)).json<Ok<Kit>>().data;
    expect(stopped.status).toBe("cancelled");
    expect(stopped.counts.done).toBeGreaterThanOrEqual(partway.counts.done);
    expect(stopped.counts.done).toBeLessThan(216);
    const doneBefore = new Map(
      stopped.steps.filter((s) => s.status === "done").map((s) => [s.id, s.contentItemId]),
    );

    const resumed = await editor.post(`/api/kits/${kitId}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const done = await waitForKit(editor, kitId, (k) => k.status !== "running", 180_000);
    expect(done.status).toBe("done");
    expect(done.counts).toMatchObject({ done: 216, failed: 0, queued: 0 });
    // Steps finished before the cancel kept their items: resume touched only the others.
    for (const [stepId, itemId] of doneBefore) {
      expect(done.steps.find((s) => s.id === stepId)?.contentItemId).toBe(itemId);
    }
    // Exactly one library item per step, none extra.
    const items = await t.db
      .selectFrom("content_item")
      .select("id")
      .where("kit_asset", "is not", null)
      .execute();
    expect(items).toHaveLength(216);
    expect(new Set(done.steps.map((s) => s.contentItemId)).size).toBe(216);
    // Failures were retried, and the cap held throughout.
    expect(fake.requests.length).toBeGreaterThan(216);
    expect(maxInFlight(fake.requests)).toBeLessThanOrEqual(CAP);
  }, 400_000);

  it("flags the asset whose figure differs from the article's, and blocks its approval", async () => {
    fake.reset();
    fake.setDefault((request) => {
      const prompt = request.promptText;
      if (/exactly 3 email subject lines/.test(prompt)) {
        return answer({ subjects: ["Fewer change orders", "Cost you can check", "A pilot"] });
      }
      if (/Write a LinkedIn post/.test(prompt)) {
        // The article says 35-45%; the post says 60%.
        return answer({
          text: "Customers see a 60% reduction in engineering change orders. Read the Should-Cost Benchmark Report.",
        });
      }
      return articleAnswer({
        headline: "Fewer engineering change orders, earlier",
        introduction: "Customers see a 35-45% reduction in engineering change orders.",
        body: "<p>Cost estimates at every design review catch expensive choices early. Customers see a 35-45% reduction in engineering change orders.</p><p>Download the Should-Cost Benchmark Report.</p>",
        conclusion: "Start with the Should-Cost Benchmark Report.",
      });
    });
    const { kit: done } = await finishedKit(editor, {
      cells: [{ personaId: "vp-engineering", industryId: "aerospace", buyingStage: "awareness" }],
      assets: ["article", "linkedin", "email-subjects"],
    });
    const byAsset = new Map(done.steps.map((s) => [s.asset, s]));
    const linkedin = byAsset.get("linkedin")!;
    expect(linkedin.findings.map((f) => f.code)).toContain("kit.number-mismatch");
    expect(
      byAsset.get("article")!.findings.filter((f) => f.code === "kit.number-mismatch"),
    ).toEqual([]);
    // Bulk submit leaves the flagged asset out, with the reason.
    const submitted = await editor.post(`/api/kits/${done.id}/submit`, {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    const result = submitted.json<Ok<{ submitted: number; skipped: { stepId: string }[] }>>().data;
    expect(result.skipped.map((s) => s.stepId)).toContain(linkedin.id);
    // An admin can submit it by hand, but not approve it while the finding stands.
    const admin = await t.signInAs("admin");
    const itemId = linkedin.contentItemId!;
    const submit = await editor.post(`/api/library/${itemId}/transitions`, { action: "submit" });
    expect(submit.statusCode, submit.body).toBe(200);
    const approve = await admin.post(`/api/library/${itemId}/transitions`, { action: "approve" });
    expect(approve.statusCode, approve.body).toBe(409);
    expect(approve.json<{ message: string }>().message).toMatch(/Kit check: .*60/);
  }, 120_000);

  it("puts the glossary first in the prompt and flags forbidden terms and the wrong language", async () => {
    fake.reset();
    await t.db
      .insertInto("glossary_term")
      .values([
        {
          id: "term-forbidden",
          concept: "estimate",
          locale: "en",
          term: "guesstimate",
          status: "forbidden",
          case_sensitive: false,
          note: "",
        },
        {
          id: "term-preferred",
          concept: "estimate",
          locale: "en",
          term: "cost estimate",
          status: "preferred",
          case_sensitive: false,
          note: "",
        },
      ])
      .execute();
    fake.setDefault(() =>
      articleAnswer({
        headline: "A guesstimate is not a cost model",
        introduction: "Engineering teams replace every guesstimate with a should-cost model.",
        body: "<p>Teams that estimate cost from the CAD model at each design review catch expensive choices while the design can still change, and compare the figures with supplier quotes.</p>",
      }),
    );
    const { kit: done } = await finishedKit(editor, {
      cells: [{ personaId: "cto", industryId: "automotive", buyingStage: "awareness" }],
      assets: ["article"],
      languages: ["en", "de"],
    });
    const english = done.steps.find((s) => s.language === "en")!;
    const german = done.steps.find((s) => s.language === "de")!;
    const forbidden = english.findings.find((f) => f.code === "language.forbidden-term");
    expect(forbidden?.fix).toEqual({ from: "guesstimate", to: "cost estimate" });
    expect(german.findings.map((f) => f.code)).toContain("language.wrong-language");
    expect(english.findings.map((f) => f.code)).not.toContain("language.wrong-language");
    // One click applies the fix: a new version of the item, and the finding is gone.
    const fixed = await editor.post(`/api/kits/${done.id}/steps/${english.id}/fix`, forbidden!.fix);
    expect(fixed.statusCode, fixed.body).toBe(200);
    const after = fixed.json<Ok<Kit>>().data.steps.find((s) => s.id === english.id)!;
    expect(after.findings.map((f) => f.code)).not.toContain("language.forbidden-term");
    const again = await editor.post(`/api/kits/${done.id}/steps/${english.id}/fix`, forbidden!.fix);
    expect(again.statusCode).toBe(409);
    // The glossary leads each prompt.
    const system = fake.requests.map((r) => r.promptText);
    expect(
      system.some((p) => p.indexOf("guesstimate") >= 0 && p.indexOf("guesstimate") < 600),
    ).toBe(true);
  }, 120_000);
});
