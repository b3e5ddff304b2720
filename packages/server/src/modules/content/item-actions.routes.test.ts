import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  REPURPOSE_LIMITS,
  type ContentItem,
  type ContentVariations,
  type ExampleDetail,
  type GeneratedContent,
  type OptimizeContentResult,
  type SeoAnalysis,
  type Visualization,
} from "@content-studio/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  answer,
  startFakeAiProvider,
  type FakeAiProviderServer,
} from "../../../test/fakes/ai-provider-server";
import { buildTestApp, type Agent, type TestApp, useTestAppAs } from "../../../test/helper";
import {
  OPENAI_TEST_KEY,
  VALID_REQUEST,
  modelDraft,
  openAiFakeConfig,
  selectBuiltin,
  selectOpenAi,
} from "../../../test/support/generation";
import type { Ok, Err } from "../../../test/support/responses";
import { assertWellFormedXml } from "../../../test/support/content";
import { charLength, xLength } from "@content-studio/contract";

async function generate(agent: Agent, body: Record<string, unknown> = {}): Promise<string> {
  const res = await agent.post("/api/generate-content", { ...VALID_REQUEST, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Ok<GeneratedContent>>().data.contentItemId;
}

describe("content items (built-in writer)", () => {
  const [t, viewer, editor] = useTestAppAs(["viewer", "editor"]);
  let id: string;

  beforeAll(async () => {
    id = await generate(editor);
  });

  const item = async () => (await viewer.get(`/api/library/${id}`)).json<Ok<ContentItem>>().data;

  it("answers 404 for an unknown item and 401 to anonymous callers", async () => {
    const missing = await viewer.get("/api/library/nope");
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Err>()).toMatchObject({ code: "not_found", message: "Content not found." });
    expect((await t.anonymous.get(`/api/library/${id}`)).statusCode).toBe(401);
  });

  it("lets only editors change, optimize, visualize, repurpose or save an item", async () => {
    const calls: ["PUT" | "POST", string, object][] = [
      ["PUT", `/api/library/${id}`, { ...modelDraft() }],
      ["POST", `/api/library/${id}/optimize`, {}],
      ["POST", `/api/library/${id}/visualize`, {}],
      ["POST", `/api/library/${id}/repurpose`, {}],
      ["POST", `/api/library/${id}/save-as-example`, { category: "good", notes: "" }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await viewer.request({
        method,
        url,
        payload,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("replaces the sections, sanitises the body again and re-scores", async () => {
    const before = await item();
    const res = await editor.put(`/api/library/${id}`, {
      headline: "Design reviews that <b>catch</b> cost early",
      introduction: "Cost is locked in early. <script>alert(1)</script>",
      body:
        '<h2>Why</h2><p onclick="x()">Late ECOs hurt.</p><script>steal()</script>' +
        '<p><a href="javascript:alert(1)">bad</a> <a href="mailto:x@example.com">mail</a> ' +
        '<a href="https://example.com/guide">guide</a> <a href="/relative">rel</a></p>',
      conclusion: "Download the checklist.",
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<Ok<ContentItem>>().data;
    expect(updated.headline).toBe("Design reviews that catch cost early");
    expect(updated.title).toBe(updated.headline);
    expect(updated.introduction).toBe("Cost is locked in early.");
    expect(updated.body).not.toMatch(/<script|onclick|javascript:|mailto:|href="\/relative"/);
    expect(updated.body).toContain('href="https://example.com/guide"');
    expect(updated.body).toContain("<h2>Why</h2>");
    expect(updated.qualityReport?.overall).toBe(updated.qualityAfter);
    expect(updated.qualityBefore).toBe(before.qualityBefore);
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(before.updatedAt).getTime(),
    );
    expect((await item()).body).toBe(updated.body);

    const invalid = await editor.put(`/api/library/${id}`, { ...modelDraft(), headline: " " });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<Err>().message).toBe("Headline is required.");
    expect((await editor.put("/api/library/nope", modelDraft())).statusCode).toBe(404);
  });

  it("optimizes one round without saving and reports before, after and the diff", async () => {
    const current = await item();
    const res = await editor.post(`/api/library/${id}/optimize`, {
      primaryKeyword: "should-cost analysis",
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<Ok<OptimizeContentResult>>().data;
    expect(result.before.overall).toBe(current.qualityAfter);
    expect(result.after.overall).toBeGreaterThanOrEqual(0);
    expect(Object.keys(result.candidate).sort()).toEqual([
      "body",
      "conclusion",
      "headline",
      "introduction",
    ]);
    for (const change of result.diff) {
      expect(change.before).toBe(current[change.section]);
      expect(change.after).toBe(result.candidate[change.section]);
      expect(change.after).not.toBe(change.before);
    }
    // Nothing saved until the user keeps it.
    const after = await item();
    expect(after.body).toBe(current.body);
    expect(after.updatedAt).toBe(current.updatedAt);

    const kept = await editor.put(`/api/library/${id}`, result.candidate);
    expect(kept.statusCode).toBe(200);
    expect(kept.json<Ok<ContentItem>>().data.qualityAfter).toBe(result.after.overall);
  });

  it("analyses SEO for any viewer", async () => {
    const current = await item();
    const res = await viewer.post("/api/seo-analysis", {
      headline: current.headline,
      introduction: current.introduction,
      body: current.body,
      conclusion: current.conclusion,
      topic: current.topic,
    });
    expect(res.statusCode, res.body).toBe(200);
    const seo = res.json<Ok<SeoAnalysis>>().data;
    expect(seo.keyword).toBe("should-cost analysis");
    expect(seo.suggestedMetaDescription.length).toBeLessThanOrEqual(160);
    expect(typeof seo.readabilityGrade).toBe("number");
    expect((await t.anonymous.post("/api/seo-analysis", {})).statusCode).toBe(401);
    expect((await viewer.post("/api/seo-analysis", { headline: "x" })).statusCode).toBe(400);
  });

  it("draws the built-in SVG infographic with escaped text and saves it", async () => {
    await editor.put(`/api/library/${id}`, {
      ...modelDraft(),
      headline: `R&D "costs" < 5% & 'more' </svg><script>alert(1)</script>`,
    });
    const res = await editor.post(`/api/library/${id}/visualize`, { imagePrompt: "A clean chart" });
    expect(res.statusCode, res.body).toBe(200);
    const viz = res.json<Ok<Visualization>>().data;
    expect(viz).toMatchObject({
      kind: "svg",
      mime: "image/svg+xml",
      source: "builtin",
      prompt: "A clean chart",
      note: null,
    });
    assertWellFormedXml(viz.data);
    expect(viz.data).toContain("R&amp;D &quot;costs&quot; &lt; 5% &amp; &apos;more&apos;");
    expect(viz.data).not.toMatch(/<script|\son\w+="|\shref=|<image/i);
    expect(viz.data).toContain("Northwind Cost Systems");
    expect(viz.data).toContain(">35-45%<");
    expect((await item()).visualization).toEqual(viz);
  });

  it("repurposes within every channel limit, saves the set and regenerates variations", async () => {
    const first = await editor.post(`/api/library/${id}/repurpose`, {});
    expect(first.statusCode, first.body).toBe(200);
    const one = first.json<Ok<ContentVariations>>().data;
    expect(one.variation).toBe(1);
    expect(charLength(one.linkedin)).toBeLessThanOrEqual(REPURPOSE_LIMITS.linkedin);
    expect(xLength(one.x)).toBeLessThanOrEqual(REPURPOSE_LIMITS.x);
    expect(one.emailSubjects).toHaveLength(3);
    for (const s of one.emailSubjects) expect(charLength(s)).toBeLessThanOrEqual(60);
    expect(charLength(one.newsletter)).toBeLessThanOrEqual(REPURPOSE_LIMITS.newsletter);
    expect((await item()).repurposed).toEqual(one);

    const again = await editor.post(`/api/library/${id}/repurpose`, {});
    const two = again.json<Ok<ContentVariations>>().data;
    expect(two.variation).toBe(2);
    // "Regenerate Variations" really regenerates: a different set, not the same text again.
    expect([two.linkedin, two.x, two.newsletter, ...two.emailSubjects]).not.toEqual([
      one.linkedin,
      one.x,
      one.newsletter,
      ...one.emailSubjects,
    ]);
    expect((await item()).repurposed).toEqual(two);
  });

  it("saves an item as a manual example", async () => {
    const current = await item();
    const res = await editor.post(`/api/library/${id}/save-as-example`, {
      category: "good",
      notes: "Specific and stage-appropriate.",
      tags: ["Should-Cost"],
    });
    expect(res.statusCode, res.body).toBe(201);
    const example = res.json<Ok<ExampleDetail>>().data;
    expect(example).toMatchObject({
      title: current.title,
      category: "good",
      contentType: current.contentType,
      personaId: current.personaId,
      industryId: current.industryId,
      buyingStage: current.buyingStage,
      origin: "manual",
      headline: current.headline,
      notes: "Specific and stage-appropriate.",
      tags: ["should-cost"],
    });
    // Examples keep Markdown: the item's HTML body is converted, and renders back to HTML.
    expect(example.body).not.toMatch(/<h2>|<p>/);
    for (const heading of current.body.match(/(?<=<h2>)[^<]+/g) ?? []) {
      expect(example.body).toContain(`## ${heading}`);
      expect(example.bodyHtml).toContain(`<h2>${heading}</h2>`);
    }
    expect(example.bodyHtml).toContain("<h2>");
    expect((await viewer.get(`/api/examples/${example.id}`)).statusCode).toBe(200);
    const invalid = await editor.post(`/api/library/${id}/save-as-example`, { category: "meh" });
    expect(invalid.statusCode).toBe(400);
  });
});

/** A loopback OpenAI image endpoint: POST /v1/images/generations → one base64 PNG. */
async function startImageServer(options: { fail?: boolean } = {}) {
  const png1x1 =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
  const seen: { path: string; body: Record<string, unknown> }[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      seen.push({ path: req.url ?? "", body: JSON.parse(raw || "{}") as Record<string, unknown> });
      if (options.fail) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "boom", type: "server_error" } }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ created: 0, data: [{ b64_json: png1x1 }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    seen,
    png1x1,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("content items (OpenAI)", () => {
  let fake: FakeAiProviderServer;
  beforeAll(async () => {
    fake = await startFakeAiProvider({ apiKey: OPENAI_TEST_KEY });
  });
  afterAll(() => fake.close());

  // Each test on a fresh app with an item the built-in writer drafted; the test then selects OpenAI.
  let t: TestApp;
  let editor: Agent;
  let id: string;
  beforeEach(async () => {
    fake.reset();
    t = await buildTestApp({ config: openAiFakeConfig(fake) });
    editor = await t.signInAs("editor");
    await selectBuiltin(t);
    id = await generate(editor, { performQualityCheck: false });
  });
  afterEach(() => t.close());

  it("uses OpenAI's image model when OpenAI is configured, else falls back with a note", async () => {
    const images = await startImageServer();
    const failing = await startImageServer({ fail: true });
    try {
      // Generation through the chat fake, images through the image server.
      await selectOpenAi(t);
      t.ctx.config.ai.openai.baseUrl = images.baseUrl;
      const res = await editor.post(`/api/library/${id}/visualize`, { imagePrompt: "Cost model" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Ok<Visualization>>().data).toMatchObject({
        kind: "png",
        mime: "image/png",
        source: "openai",
        data: images.png1x1,
        prompt: "Cost model",
        note: null,
      });
      expect(images.seen[0]).toMatchObject({
        path: "/v1/images/generations",
        body: { model: "gpt-image-1", prompt: "Cost model" },
      });

      t.ctx.config.ai.openai.baseUrl = failing.baseUrl;
      const fallback = await editor.post(`/api/library/${id}/visualize`, {});
      expect(fallback.statusCode, fallback.body).toBe(200);
      const viz = fallback.json<Ok<Visualization>>().data;
      expect(viz).toMatchObject({ kind: "svg", source: "builtin" });
      expect(viz.note).toMatch(/built-in infographic/);
      assertWellFormedXml(viz.data);
    } finally {
      await images.close();
      await failing.close();
    }
  });

  it("rejects an optimization that adds a claim no approved fact supports", async () => {
    await selectOpenAi(t);
    const invented = modelDraft({
      body: `${modelDraft().body}<p>Our customers cut supplier costs by 63% within a year.</p>`,
    });
    fake.enqueue(answer(invented));
    const res = await editor.post(`/api/library/${id}/optimize`, {});
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<Ok<OptimizeContentResult>>().data;
    expect(result.rejectedClaims?.map((c) => c.status)).toContain("unsupported");
    expect(result.rejectedClaims?.some((c) => c.text.startsWith("63%"))).toBe(true);
    // The candidate is the unchanged draft: nothing to keep.
    expect(result.diff).toEqual([]);
    expect(result.after).toEqual(result.before);
  });

  it("keeps a revision that removes a finding and refuses the same revision with a fact list appended", async () => {
    const disparaging = "Legacy costing vendors are useless for this work.";
    const written = modelDraft();
    const edited = await editor.put(`/api/library/${id}`, {
      headline: written.headline,
      introduction: written.introduction,
      body: `${written.body}<p>${disparaging}</p>`,
      conclusion: written.conclusion,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await selectOpenAi(t);
    // Approved facts every brief carries (about the company), as an admin's list shows them.
    const listed = await editor.get("/api/proof/facts");
    const facts = listed
      .json<
        Ok<{
          facts: { statement: string; status: string; subjectType: string; expired: boolean }[];
        }>
      >()
      .data.facts.filter(
        (f) => f.status === "approved" && f.subjectType === "company" && !f.expired,
      )
      .slice(0, 3);
    expect(facts.length).toBeGreaterThanOrEqual(2);

    // The honest revision: the disparaging sentence removed, nothing else.
    fake.enqueue(answer(written));
    const kept = (await editor.post(`/api/library/${id}/optimize`, {})).json<
      Ok<OptimizeContentResult>
    >().data;
    expect(kept.before.criteria.flatMap((c) => c.findings.map((f) => f.code))).toContain(
      "disparaging_claim",
    );
    expect(kept.diff.map((d) => d.section)).toEqual(["body"]);
    expect(kept.candidate.body).not.toContain("useless");
    expect(kept.note ?? null).toBeNull();

    // The same revision with the approved facts appended as a list: refused as boilerplate.
    const padded = {
      ...written,
      body: `${written.body}<h2>Proof points</h2><ul>${facts.map((f) => `<li>${f.statement}</li>`).join("")}</ul>`,
    };
    fake.enqueue(answer(padded));
    const refused = (await editor.post(`/api/library/${id}/optimize`, {})).json<
      Ok<OptimizeContentResult>
    >().data;
    expect(refused.diff).toEqual([]);
    expect(refused.candidate.body).toContain("useless");
    expect(refused.after).toEqual(refused.before);
    expect(refused.note).toMatch(/not kept because it appended boilerplate/);
  });

  it("regenerates over-long variations once, then cuts them at a sentence boundary", async () => {
    await selectOpenAi(t);
    const tooLong = {
      linkedin: "A LinkedIn post about should-cost reviews.",
      x: `${"Should-cost reviews catch overruns early. ".repeat(10)}https://example.com/guide`,
      emailSubjects: [
        "Catch cost overruns at design review",
        "Should-cost, explained",
        "Your next gate",
      ],
      newsletter: "A short newsletter blurb.",
    };
    fake.enqueue(answer(tooLong), answer(tooLong));
    const res = await editor.post(`/api/library/${id}/repurpose`, { variation: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<Ok<ContentVariations>>().data;
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.promptText).toMatch(
      /x is \d+ characters \(links count 23\); the limit is 280/,
    );
    expect(fake.requests[0]!.promptText).toMatch(
      /variation 4: open with a short before\/after contrast/,
    );
    expect(xLength(data.x)).toBeLessThanOrEqual(280);
    expect(data.x.endsWith("early.")).toBe(true);
    expect(data).toMatchObject({ variation: 4, provider: "openai", model: "gpt-4o-mini" });
    expect(data.linkedin).toBe(tooLong.linkedin);
  });
});
