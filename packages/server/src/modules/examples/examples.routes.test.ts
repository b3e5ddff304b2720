import { randomUUID } from "node:crypto";
import type { ExampleDetail, ExampleInput, ExampleList, IngestJob } from "@content-studio/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleMarkdown, multipartBody, waitForJob } from "../../../test/fixtures/examples";
import { buildTestAppAs, type Agent, type TestApp } from "../../../test/helper";
import * as repo from "./examples.repository";
import { runIngest } from "./ingest.service";
import { searchQueryOf } from "./search-words";
import { expectError } from "../../../test/support/responses";

const input = (overrides: Partial<ExampleInput> = {}): ExampleInput => ({
  title: "Tier-1 ECO reduction",
  category: "good",
  contentType: "case-study",
  personaId: "cto",
  industryId: "automotive",
  buyingStage: "decision",
  tags: ["should-cost", "dfm"],
  notes: "Specific numbers.",
  headline: "How a tier-1 supplier cut ECOs by 40%",
  introduction: "A supplier of seating systems had a problem.",
  body: "The tolerance stack was the culprit.\n\n- one\n- two",
  conclusion: "Book a walkthrough.",
  ...overrides,
});

describe("examples API", () => {
  let t: TestApp;
  let editor: Agent;
  let viewer: Agent;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    [t, editor, viewer] = await buildTestAppAs(["editor", "viewer"]);
    const create = async (key: string, overrides: Partial<ExampleInput>) => {
      const res = await editor.post("/api/examples", input(overrides));
      if (res.statusCode !== 201) throw new Error(res.body);
      ids[key] = res.json<{ data: ExampleDetail }>().data.id;
    };
    await create("a", {});
    await create("b", {
      title: "Buzzword salad",
      category: "bad",
      contentType: "technical-guide",
      personaId: "vp-engineering",
      industryId: "aerospace",
      tags: ["should-cost"],
      body: "Synergy at 100% of the time.",
    });
    await create("c", {
      title: "Margins and features",
      contentType: "thought-leadership",
      personaId: "product-manager",
      industryId: null,
      buyingStage: null,
      tags: ["dfm", "eco"],
      body: "Feature cost per SKU, 100 percent of it.",
    });
    await create("xss", {
      title: "Hostile markup",
      category: "bad",
      contentType: "thought-leadership",
      personaId: "vp-engineering",
      industryId: "industrial",
      tags: [],
      body: [
        "Before <script>alert('script')</script> after.",
        '<img src="x" onerror="alert(\'img\')">',
        "[click me](javascript:alert('md'))",
        '<a href="javascript:alert(\'html\')" onclick="alert(1)">html link</a>',
        '<p onmouseover="alert(2)">hover</p><iframe src="https://evil.example"></iframe>',
        "[safe](https://example.com/page)",
      ].join("\n\n"),
    });
    // One cloud example, from an S3 listing held in memory.
    const data = Buffer.from(
      exampleMarkdown({
        title: "High-tech cloud case",
        contentType: "case-study",
        persona: "cto",
        industry: "high-tech",
        tags: ["DFM", "should-cost"],
      }),
    );
    const run = await repo.createIngestRun(t.db, {
      id: randomUUID(),
      origin: "s3",
      sourceKey: "s3://bucket/prefix/",
      source: { kind: "s3", bucket: "bucket", prefix: "prefix/" },
      startedBy: null,
    });
    await runIngest(
      t.db,
      run!.id,
      null,
      {
        origin: "s3",
        sourceKey: "s3://bucket/prefix/",
        list: async () => ({
          entries: [{ path: "good/cloud.md", size: data.length, read: async () => data }],
          failures: [],
        }),
      },
      new AbortController().signal,
    );
    const done = await waitForJob(viewer, run!.id);
    if (done.added !== 1) throw new Error(JSON.stringify(done));
  });
  afterAll(() => t.close());

  const titles = async (query: string) => {
    const res = await viewer.get(`/api/examples?pageSize=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: ExampleList }>().data;
    expect(data.total).toBe(data.items.length);
    return data.items.map((i) => i.title).sort();
  };

  it("lists everything with persona and industry names", async () => {
    const res = await viewer.get("/api/examples");
    const data = res.json<{ data: ExampleList }>().data;
    expect(data).toMatchObject({
      total: 5,
      page: 1,
      pageSize: 25,
      can: { create: false, ingest: false, archive: false },
    });
    expect(data.items.find((i) => i.id === ids.a)).toEqual({
      id: ids.a,
      title: "Tier-1 ECO reduction",
      category: "good",
      contentType: "case-study",
      personaId: "cto",
      persona: "CTO",
      industryId: "automotive",
      industry: "Automotive",
      buyingStage: "decision",
      tags: ["should-cost", "dfm"],
      origin: "manual",
      sourceKey: "manual",
      sourcePath: ids.a,
      archived: false,
      updatedAt: expect.any(String) as unknown,
      can: { edit: false, delete: false },
    });
    expect(data.items.find((i) => i.id === ids.c)).toMatchObject({
      industryId: null,
      industry: null,
      buyingStage: null,
    });
  });

  it.each([
    ["category=good", ["High-tech cloud case", "Margins and features", "Tier-1 ECO reduction"]],
    ["category=bad", ["Buzzword salad", "Hostile markup"]],
    ["contentType=case-study", ["High-tech cloud case", "Tier-1 ECO reduction"]],
    ["personaId=cto", ["High-tech cloud case", "Tier-1 ECO reduction"]],
    ["personaId=vp-engineering&category=bad", ["Buzzword salad", "Hostile markup"]],
    ["industryId=aerospace", ["Buzzword salad"]],
    ["buyingStage=decision&industryId=automotive", ["Tier-1 ECO reduction"]],
    ["tags=should-cost", ["Buzzword salad", "High-tech cloud case", "Tier-1 ECO reduction"]],
    ["tags=should-cost,%20,DFM", ["High-tech cloud case", "Tier-1 ECO reduction"]],
    ["tags=%20eco%20,", ["Margins and features"]],
    [
      "tags=,%20,",
      [
        "Buzzword salad",
        "High-tech cloud case",
        "Hostile markup",
        "Margins and features",
        "Tier-1 ECO reduction",
      ],
    ],
    ["q=tolerance%20stack", ["Tier-1 ECO reduction"]],
    ["q=TOLERANCE", ["Tier-1 ECO reduction"]],
    // Words, each matching the start of a word; punctuation is neither searched nor a wildcard.
    ["q=100%25", ["Buzzword salad", "Margins and features"]],
    ["q=%25_", []],
    ["q=toler%20STAC", ["Tier-1 ECO reduction"]],
    ["q=olerance", []],
    ["q=buzzword", ["Buzzword salad"]],
    ["q=synergy%20percent", []],
    ["source=cloud", ["High-tech cloud case"]],
    [
      "source=local",
      ["Buzzword salad", "Hostile markup", "Margins and features", "Tier-1 ECO reduction"],
    ],
    ["source=cloud&tags=dfm&personaId=cto", ["High-tech cloud case"]],
    [
      "category=&contentType=all&q=",
      [
        "Buzzword salad",
        "High-tech cloud case",
        "Hostile markup",
        "Margins and features",
        "Tier-1 ECO reduction",
      ],
    ],
  ])("filters by %s", async (query, expected) => {
    expect(await titles(query)).toEqual(expected);
  });

  it("serves a repeated list from its cache with an ETag, and a changed list at once", async () => {
    const first = await viewer.get("/api/examples");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await viewer.get("/api/examples", { "if-none-match": etag })).statusCode).toBe(304);
    // The answer carries the caller's capabilities: another role never gets this one.
    const asEditor = await editor.get("/api/examples", { "if-none-match": etag });
    expect(asEditor.statusCode).toBe(200);
    expect(asEditor.json<{ data: ExampleList }>().data.can.create).toBe(true);
    expect(first.json<{ data: ExampleList }>().data.can.create).toBe(false);

    // A change through the API, and one written by raw SQL, are in the very next answer.
    const created = await editor.post("/api/examples", input({ title: "Cache buster" }));
    expect(created.statusCode).toBe(201);
    const afterCreate = await viewer.get("/api/examples", { "if-none-match": etag });
    expect(afterCreate.statusCode).toBe(200);
    expect(afterCreate.body).toContain("Cache buster");
    const id = created.json<{ data: ExampleDetail }>().data.id;
    await sql`update example set title = 'Cache buster renamed' where id = ${id}`.execute(t.db);
    expect((await viewer.get("/api/examples")).body).toContain("Cache buster renamed");
    await sql`update persona set title = 'Chief Cache Officer' where id = 'cto'`.execute(t.db);
    expect((await viewer.get("/api/examples")).body).toContain("Chief Cache Officer");
    await sql`update persona set title = 'CTO' where id = 'cto'`.execute(t.db);
    expect((await editor.delete(`/api/examples/${id}`)).statusCode).toBe(200);
    expect((await viewer.get("/api/examples")).body).not.toContain("Cache buster");
  });

  it("pages with a total", async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await viewer.get(`/api/examples?pageSize=2&page=${page}`);
      const data = res.json<{ data: ExampleList }>().data;
      expect(data).toMatchObject({ total: 5, page, pageSize: 2 });
      pages.push(data.items.map((i) => i.id));
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(new Set(pages.flat()).size).toBe(5);
    const beyond = await viewer.get("/api/examples?pageSize=2&page=4");
    expect(beyond.json()).toMatchObject({ data: { items: [], total: 5 } });
  });

  it("answers a search from the words index, not by reading every example", async () => {
    // With sequential scans priced out, the plan shows whether an index can answer at all.
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const res = await sql<Record<string, string>>`
        explain select id from example
        where search_words @@ to_tsquery('simple', ${searchQueryOf("toler stack")})`.execute(trx);
      return res.rows.map((r) => Object.values(r)[0]).join("\n");
    });
    expect(plan).toContain("example_search_words_idx");
  });

  it.each(["category=ugly", "pageSize=1000", "page=0", "source=ftp", "includeArchived=maybe"])(
    "refuses %s",
    async (query) => {
      const res = await viewer.get(`/api/examples?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: "validation_error" });
    },
  );

  it("returns the detail with sanitised HTML", async () => {
    const res = await viewer.get(`/api/examples/${ids.xss}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<{ data: ExampleDetail }>().data;
    expect(detail.body).toContain("<script>");
    const html = detail.bodyHtml.toLowerCase();
    for (const banned of [
      "<script",
      "onerror",
      "onclick",
      "onmouseover",
      "javascript:",
      "<iframe",
      "<img",
      "alert('script')",
    ]) {
      expect(html, banned).not.toContain(banned);
    }
    expect(detail.bodyHtml).toContain("click me");
    expect(detail.bodyHtml).toContain("html link");
    expect(detail.bodyHtml).toContain(
      '<a href="https://example.com/page" rel="noopener noreferrer nofollow" target="_blank">safe</a>',
    );

    const a = (await viewer.get(`/api/examples/${ids.a}`)).json<{ data: ExampleDetail }>().data;
    expect(a).toMatchObject({
      headline: "How a tier-1 supplier cut ECOs by 40%",
      introduction: "A supplier of seating systems had a problem.",
      conclusion: "Book a walkthrough.",
      notes: "Specific numbers.",
      bodyHtml:
        "<p>The tolerance stack was the culprit.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n",
    });
    expect((await viewer.get("/api/examples/nope")).statusCode).toBe(404);
  });

  it("creates examples for editors only, and checks references", async () => {
    expect((await viewer.post("/api/examples", input())).statusCode).toBe(403);
    expect((await t.anonymous.post("/api/examples", input())).statusCode).toBe(401);

    const unknownPersona = await editor.post("/api/examples", input({ personaId: "wizard" }));
    expectError(unknownPersona, 400, {
      code: "validation_error",
      message: "Unknown persona.",
      details: { issues: [{ path: "body.personaId", message: "Unknown persona." }] },
    });
    const unknownIndustry = await editor.post("/api/examples", input({ industryId: "mining" }));
    expect(unknownIndustry.json()).toMatchObject({
      code: "validation_error",
      message: "Unknown industry.",
    });
    // An empty id is an unknown industry too (it was a 500: no industry has the id "").
    const emptyIndustry = await editor.post("/api/examples", input({ industryId: "" }));
    expect(emptyIndustry.statusCode).toBe(400);
    expect(emptyIndustry.json()).toMatchObject({
      message: "Unknown industry.",
      details: { issues: [{ path: "body.industryId", message: "Unknown industry." }] },
    });
    const noHeadline = await editor.post("/api/examples", input({ headline: "  " }));
    expect(noHeadline.statusCode).toBe(400);
    expect(noHeadline.json()).toMatchObject({ message: "Headline is required." });

    const nul = await editor.post("/api/examples", input({ body: "binary\u0000junk" }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      code: "validation_error",
      message: "Text cannot contain NUL characters.",
      details: { issues: [{ path: "body.body" }] },
    });

    const res = await editor.post(
      "/api/examples",
      input({ title: "  New one  ", tags: [" A ", "b"] }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json<{ data: ExampleDetail }>().data;
    expect(created).toMatchObject({ title: "New one", tags: ["a", "b"], origin: "manual" });
    expect((await viewer.get(`/api/examples/${created.id}`)).statusCode).toBe(200);
    await editor.delete(`/api/examples/${created.id}`);
  });

  it("replaces and deletes examples for editors only", async () => {
    const created = (await editor.post("/api/examples", input({ title: "To edit" }))).json<{
      data: ExampleDetail;
    }>().data;
    const url = `/api/examples/${created.id}`;
    expect((await viewer.put(url, input({ title: "Viewer edit" }))).statusCode).toBe(403);
    expect((await editor.put(url, input({ personaId: "wizard" }))).statusCode).toBe(400);
    expect((await editor.put("/api/examples/nope", input())).statusCode).toBe(404);

    const res = await editor.put(
      url,
      input({ title: "Edited", category: "bad", industryId: null }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: ExampleDetail }>().data).toMatchObject({
      id: created.id,
      title: "Edited",
      category: "bad",
      industryId: null,
      industry: null,
    });

    expect((await viewer.delete(url)).statusCode).toBe(403);
    const del = await editor.delete(url);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, data: { id: created.id } });
    expect((await viewer.get(url)).statusCode).toBe(404);
    expect((await editor.delete(url)).json()).toMatchObject({ code: "not_found" });
  });

  it("exports markdown that ingests back to the same fields", async () => {
    const original = input({
      title: 'Quotes "inside": a colon # and hash',
      tags: ["should-cost", "tier-1"],
      notes: "Two lines.\nSecond: 'quoted' ✓",
      body: "### Results\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n---\n\n> quoted",
    });
    const created = (await editor.post("/api/examples", original)).json<{ data: ExampleDetail }>()
      .data;
    const res = await viewer.get(`/api/examples/${created.id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="good-quotes-inside-a-colon-and-hash.md"',
    );
    expect(res.body.startsWith("---\n")).toBe(true);
    expect((await viewer.get("/api/examples/nope/export")).statusCode).toBe(404);

    const form = new FormData();
    form.append(
      "files",
      new Blob([res.rawPayload as Uint8Array<ArrayBuffer>]),
      "exported/good/good-quotes-inside-a-colon-and-hash.md",
    );
    const { payload, headers } = await multipartBody(form);
    const upload = await editor.post("/api/examples/ingest/upload", payload, headers);
    expect(upload.statusCode, upload.body).toBe(202);
    const job = await waitForJob(viewer, upload.json<{ data: IngestJob }>().data.id);
    expect(job).toMatchObject({ status: "succeeded", added: 1, errors: 0 });

    const list = (await viewer.get("/api/examples?pageSize=100&source=local")).json<{
      data: ExampleList;
    }>().data;
    const copy = list.items.find((i) => i.sourceKey === "upload:exported");
    expect(copy).toBeDefined();
    const detail = (await viewer.get(`/api/examples/${copy!.id}`)).json<{ data: ExampleDetail }>()
      .data;
    const fields = (d: ExampleDetail) => ({
      title: d.title,
      category: d.category,
      contentType: d.contentType,
      personaId: d.personaId,
      industryId: d.industryId,
      buyingStage: d.buyingStage,
      tags: d.tags,
      notes: d.notes,
      headline: d.headline,
      introduction: d.introduction,
      body: d.body,
      conclusion: d.conclusion,
      bodyHtml: d.bodyHtml,
    });
    expect(fields(detail)).toEqual(fields(created));
  });
});
