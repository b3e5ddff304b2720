import { randomUUID } from "node:crypto";
import {
  INTENT_IMPORT_LIMITS,
  describeImportIssue,
  type AudienceOverview,
  type ContentRecommendations,
  type ImportPreview,
  type IntentData,
  type IntentDataset,
} from "@content-studio/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, sql, type Agent, type TestApp } from "../../../test/helper";
import { seedSampleIntentData } from "./audience.service";
import { expectError } from "../../../test/support/responses";

const BOMBORA_HEADER = "Company Name,Domain,Size,Industry,Category,Topic,Composite Score";
/** Two aerospace accounts and one automotive, one row per account and topic. */
const BOMBORA = [
  BOMBORA_HEADER,
  "Acme Aero,acme-aero.com,1000-4999,Aerospace & Defense,Manufacturing,Should Cost Analysis,92",
  "Acme Aero,acme-aero.com,1000-4999,Aerospace & Defense,Manufacturing,Digital Thread,71",
  "Acme Aero,acme-aero.com,1000-4999,Aerospace & Defense,Manufacturing,Office Furniture,40",
  "Bolt Motors,https://www.boltmotors.com/,5000+,Automotive,Engineering,Should Cost Analysis,66",
  "Bolt Motors,boltmotors.com,5000+,Automotive,Engineering,DFM Analysis,75",
  "Cirrus Wings,cirruswings.io,200-499,Aerospace,Engineering,DFM Analysis,58",
  "",
].join("\n");

const SIXSENSE = [
  "6sense Company Name,6sense Domain,6sense Country,Industry,Buying Stage: Start,Buying Stage: End,6sense Intent Score,6sense Intent Keywords",
  'Delta Devices,deltadevices.com,United States,Electronics,Awareness,Decision,88,"digital twin;plm integration"',
  "Echo Machines,echomachines.de,Germany,Industrial Machinery,Target,Consideration,,",
  "Foxtrot Farms,foxtrot.example,Canada,Agriculture,Target,Purchase,54,",
  "",
].join("\r\n");

const TEMPLATE = [
  "Company Name,Domain,Industry,Intent Score,Buying Stage,Personas,Keywords",
  'Gamma Gears,gammagears.com,Industrial,81,consideration,"cto;Product Manager","should cost analysis:90;pricing:62"',
  "Hotel Hydraulics,hotelhyd.com,Industrial,67,awareness,vp-engineering,design to cost",
  "",
].join("\n");

function multipart(fileName: string, content: string | Buffer) {
  const boundary = `----audience${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8"),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe("audience: intent data import and analysis", () => {
  let t: TestApp;
  let editor: Agent;
  let viewer: Agent;

  async function preview(file: string | Buffer, name = "intent.csv", agent = editor) {
    const { payload, headers } = multipart(name, file);
    const res = await agent.request({
      method: "POST",
      url: "/api/audience/imports/preview",
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ImportPreview }>().data;
  }

  async function commit(id: string, mode: "replace" | "merge", agent = editor) {
    const res = await agent.post(`/api/audience/imports/${id}/commit`, { mode });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: IntentDataset }>().data;
  }

  async function importFile(file: string, mode: "replace" | "merge" = "replace") {
    const p = await preview(file);
    expect(p.canCommit).toBe(true);
    return commit(p.importId!, mode);
  }

  async function overview(industry = "all") {
    const res = await viewer.get(`/api/audience/overview?industry=${industry}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AudienceOverview }>().data;
  }

  const storedDomains = async () =>
    (await t.db.selectFrom("intent_account").select("domain").orderBy("domain").execute()).map(
      (r) => r.domain,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    editor = await t.signInAs("editor", { name: "Edna Editor" });
    viewer = await t.signInAs("viewer");
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await sql`delete from intent_account_topic`.execute(t.db);
    await sql`delete from intent_account`.execute(t.db);
    await sql`delete from intent_summary`.execute(t.db);
    await sql`delete from intent_dataset`.execute(t.db);
    await sql`delete from intent_import`.execute(t.db);
    await sql`delete from content_item`.execute(t.db);
    await sql`delete from app_setting where key = 'seed.intent-sample'`.execute(t.db);
  });

  it("previews a Bombora Company Surge file without storing anything, then commits it", async () => {
    const p = await preview(BOMBORA, "surge.csv");
    expect(p).toMatchObject({
      layout: "bombora",
      hasHeader: true,
      canCommit: true,
      counts: { rows: 6, accounts: 3, topics: 6, skippedRows: 0, errors: 0 },
    });
    // "Aerospace & Defense" maps to aerospace and is reported; "Aerospace" is exact.
    expect(p.unknownIndustries).toEqual([
      { value: "Aerospace & Defense", mappedTo: "aerospace", rows: 3 },
    ]);
    expect(p.issues.filter((i) => i.code === "row_unknown_industry").map((i) => i.row)).toEqual([
      2, 3, 4,
    ]);
    const acme = p.sample.find((a) => a.domain === "acme-aero.com")!;
    // Intent = the strongest topic; stage from it (92 ≥ 85 → decision); personas from surging topics.
    expect(acme).toMatchObject({
      name: "Acme Aero",
      industry: "aerospace",
      intent: 92,
      buyingStage: "decision",
      activePersonas: ["cto", "vp-engineering"],
    });
    expect(acme.topics.map((x) => x.topic)).toEqual([
      "Should Cost Analysis",
      "Digital Thread",
      "Office Furniture",
    ]);
    expect(p.sample.find((a) => a.domain === "boltmotors.com")).toMatchObject({
      intent: 75,
      buyingStage: "consideration",
    });
    expect(await storedDomains()).toEqual([]);

    const dataset = await commit(p.importId!, "replace");
    expect(dataset).toMatchObject({
      fileName: "surge.csv",
      layout: "bombora",
      isSample: false,
      importedBy: "Edna Editor",
      rows: 6,
      accounts: 3,
      storedAccounts: 3,
    });
    expect(await storedDomains()).toEqual(["acme-aero.com", "boltmotors.com", "cirruswings.io"]);
    // A second commit of the same upload is refused.
    const again = await editor.post(`/api/audience/imports/${p.importId}/commit`, {
      mode: "replace",
    });
    expect(again.statusCode).toBe(404);
  });

  it("computes the breakdowns from the stored accounts (hand-computed)", async () => {
    await importFile(BOMBORA);
    const all = await overview();
    expect(all.accountCount).toBe(3);
    expect(all.dataset?.fileName).toBe("intent.csv");
    // acme 92 (decision), bolt 75 (consideration), cirrus 58 (awareness): a third each, the
    // leftover point going to the first stage.
    expect(all.intent.buyingStages).toEqual({ awareness: 34, consideration: 33, decision: 33 });
    expect(all.intent.industryBreakdown).toEqual([
      { industry: "aerospace", percentage: 67, avgIntent: 75 }, // (92 + 58) / 2
      { industry: "automotive", percentage: 33, avgIntent: 75 },
    ]);
    // Surging (≥ 60): should cost ×2 (acme 92, bolt 66), digital thread ×1, DFM ×1 (bolt 75).
    expect(all.intent.topKeywords).toEqual([
      { keyword: "Should Cost Analysis", volume: 2 },
      { keyword: "DFM Analysis", volume: 1 },
      { keyword: "Digital Thread", volume: 1 },
    ]);
    // acme: cto + vp; bolt: vp (should cost) + director (DFM); cirrus: none surging.
    expect(all.intent.personaBreakdown).toEqual([
      {
        persona: "vp-engineering",
        percentage: 50,
        keywords: ["Should Cost Analysis", "DFM Analysis", "Digital Thread"],
      },
      { persona: "cto", percentage: 25, keywords: ["Digital Thread", "Should Cost Analysis"] },
      {
        persona: "director-engineering",
        percentage: 25,
        keywords: ["DFM Analysis", "Should Cost Analysis"],
      },
    ]);
    expect(all.intent.targetAccounts.map((a) => [a.name, a.intent])).toEqual([
      ["Acme Aero", 92],
      ["Bolt Motors", 75],
      ["Cirrus Wings", 58],
    ]);
    const aero = await overview("aerospace");
    expect(aero.accountCount).toBe(2);
    expect(aero.intent.buyingStages).toEqual({ awareness: 50, consideration: 0, decision: 50 });
    expect(aero.intent.topKeywords.map((k) => k.keyword)).toEqual([
      "Digital Thread",
      "Should Cost Analysis",
    ]);
    expect((await overview("industrial")).intent.buyingStages).toEqual({
      awareness: 0,
      consideration: 0,
      decision: 0,
    });
  });

  it("imports a Bombora file without a header row", async () => {
    const p = await preview(BOMBORA.split("\n").slice(1).join("\n"));
    expect(p).toMatchObject({ layout: "bombora", hasHeader: false, canCommit: true });
    expect(p.counts).toMatchObject({ rows: 6, accounts: 3 });
  });

  it("imports a 6sense account export", async () => {
    const p = await preview(SIXSENSE, "6sense.csv");
    expect(p).toMatchObject({ layout: "6sense", canCommit: true, counts: { accounts: 3 } });
    const byDomain = Object.fromEntries(p.sample.map((a) => [a.domain, a]));
    expect(byDomain["deltadevices.com"]).toMatchObject({
      industry: "high-tech",
      intent: 88,
      buyingStage: "decision",
      country: "United States",
      activePersonas: ["cto"],
    });
    // No score: the stage's nominal score (Consideration 65); Buying Stage: End wins.
    expect(byDomain["echomachines.de"]).toMatchObject({
      industry: "industrial",
      intent: 65,
      buyingStage: "consideration",
    });
    expect(byDomain["foxtrot.example"]).toMatchObject({
      industry: "other",
      buyingStage: "decision",
    });
    expect(p.unknownIndustries.map((u) => [u.value, u.mappedTo])).toEqual([
      ["Electronics", "high-tech"],
      ["Industrial Machinery", "industrial"],
      ["Agriculture", "other"],
    ]);
    await commit(p.importId!, "replace");
    expect((await overview()).intent.industryBreakdown.map((i) => i.industry)).toEqual([
      "high-tech",
      "industrial",
      "other",
    ]);
  });

  it("imports our own template", async () => {
    const p = await preview(TEMPLATE);
    expect(p).toMatchObject({ layout: "template", canCommit: true, counts: { accounts: 2 } });
    expect(p.sample[0]).toMatchObject({
      domain: "gammagears.com",
      intent: 81,
      buyingStage: "consideration",
      activePersonas: ["cto", "product-manager"],
      topics: [
        { topic: "should cost analysis", score: 90 },
        { topic: "pricing", score: 62 },
      ],
    });
    expect(p.sample[1]?.topics).toEqual([{ topic: "design to cost", score: 67 }]);
  });

  it("reports bad rows with line numbers and imports the rest", async () => {
    const file = [
      "Company Name,Domain,Industry,Intent Score,Buying Stage,Personas,Keywords",
      "Good Co,good.com,Industrial,70,awareness,,",
      "No Domain,,Industrial,70,awareness,,",
      "Bad Score,badscore.com,Industrial,170,awareness,,",
      "Bad Stage,badstage.com,Industrial,70,shopping,,",
      "Odd Persona,odd.com,Industrial,70,decision,Chief Janitor,",
    ].join("\n");
    const p = await preview(file);
    expect(p.canCommit).toBe(true);
    expect(p.counts).toMatchObject({ rows: 5, accounts: 2, skippedRows: 3, errors: 3 });
    expect(p.issues.map((i) => [i.row, i.code])).toEqual([
      [3, "row_missing_domain"],
      [4, "row_invalid_score"],
      [5, "row_unknown_stage"],
      [6, "row_unknown_persona"],
    ]);
  });

  it("replace leaves exactly the new file; merge upserts by domain, topics by union", async () => {
    await importFile(BOMBORA);
    await importFile(TEMPLATE, "merge");
    expect(await storedDomains()).toEqual([
      "acme-aero.com",
      "boltmotors.com",
      "cirruswings.io",
      "gammagears.com",
      "hotelhyd.com",
    ]);
    // Merge keyed by domain: Acme's row takes the file's name, intent and stage; its earlier
    // topics stay (Digital Thread at the file's score), and so do its earlier personas.
    const updated = [
      "Company Name,Domain,Industry,Intent Score,Buying Stage,Personas,Keywords",
      'Acme Aero Group,www.acme-aero.com,Aerospace,61,awareness,director-engineering,"plm integration;Digital Thread:50"',
    ].join("\n");
    const merged = await importFile(updated, "merge");
    expect(merged.storedAccounts).toBe(5);
    const acme = await t.db
      .selectFrom("intent_account")
      .selectAll()
      .where("domain", "=", "acme-aero.com")
      .executeTakeFirstOrThrow();
    expect(acme).toMatchObject({
      name: "Acme Aero Group",
      intent: 61,
      buying_stage: "awareness",
      personas: ["cto", "director-engineering", "vp-engineering"],
    });
    const topics = await t.db
      .selectFrom("intent_account_topic")
      .select(["topic", "score"])
      .where("domain", "=", "acme-aero.com")
      .orderBy("score", "desc")
      .orderBy("topic")
      .execute();
    expect(topics).toEqual([
      { topic: "Should Cost Analysis", score: 92 },
      { topic: "plm integration", score: 61 },
      { topic: "Digital Thread", score: 50 },
      { topic: "Office Furniture", score: 40 },
    ]);
    // The overview follows the stored union.
    const acmeRow = (await overview("aerospace")).intent.targetAccounts.find(
      (a) => a.domain === "acme-aero.com",
    );
    expect(acmeRow?.topKeywords).toContain("Should Cost Analysis");

    const replaced = await importFile(TEMPLATE, "replace");
    expect(replaced.storedAccounts).toBe(2);
    expect(await storedDomains()).toEqual(["gammagears.com", "hotelhyd.com"]);
    const history = (await viewer.get("/api/audience/datasets")).json<{ data: IntentDataset[] }>()
      .data;
    expect(history.map((d) => d.mode)).toEqual(["replace", "merge", "merge", "replace"]);
  });

  it("merge keeps an account's strongest topics up to the cap", async () => {
    const max = INTENT_IMPORT_LIMITS.maxTopicsPerAccount;
    const keywords = (from: number, score: number) =>
      Array.from({ length: max }, (_, i) => `topic ${from + i}:${score}`).join(";");
    const file = (score: number, from: number) =>
      [
        "Company Name,Domain,Industry,Intent Score,Buying Stage,Personas,Keywords",
        `Gamma Gears,gammagears.com,Industrial,81,consideration,cto,"${keywords(from, score)}"`,
      ].join("\n");
    await importFile(file(70, 0));
    await importFile(file(80, 1000), "merge");
    const topics = await t.db
      .selectFrom("intent_account_topic")
      .select(["topic", "score"])
      .where("domain", "=", "gammagears.com")
      .execute();
    expect(topics).toHaveLength(max);
    expect(topics.every((r) => r.score === 80)).toBe(true);
  });

  it("a 6sense file naming a domain twice: previewed with a warning on each repeat, stored once", async () => {
    const file = [
      "6sense Company Name,6sense Domain,6sense Country,Industry,Buying Stage: Start,Buying Stage: End,Keyword(s)",
      "Delta Devices,deltadevices.com,United States,Aerospace,Target,Decision,digital twin",
      "Echo Machines,echomachines.de,Germany,Industrial,Target,Consideration,",
      "Delta Devices Inc,www.deltadevices.com,United States,Aerospace,Target,Consideration,plm integration",
    ].join("\n");
    const p = await preview(file, "6sense.csv");
    expect(p).toMatchObject({
      layout: "6sense",
      canCommit: true,
      counts: { rows: 3, accounts: 2, warnings: 1, errors: 0 },
    });
    expect(p.issues).toEqual([
      {
        row: 4,
        code: "row_duplicate_domain",
        severity: "warning",
        params: { domain: "deltadevices.com", firstRow: 2 },
      },
    ]);
    expect(describeImportIssue(p.issues[0]!)).toBe(
      "deltadevices.com is also on line 2; the rows were combined (this row's name, industry, score and stage, the keywords of both).",
    );
    await commit(p.importId!, "replace");
    expect(await storedDomains()).toEqual(["deltadevices.com", "echomachines.de"]);
    const delta = (await overview("aerospace")).intent.targetAccounts[0];
    expect(delta).toMatchObject({
      name: "Delta Devices Inc",
      buyingStage: "consideration",
      topKeywords: ["digital twin", "plm integration"],
    });
  });

  describe("malformed files give a report and change nothing", () => {
    const cases: [string, string | Buffer, string][] = [
      [
        "unclosed quote",
        `${BOMBORA_HEADER}\nAcme,"acme.com,x,Aerospace,c,t,80\n`,
        "file_unclosed_quote",
      ],
      [
        "ragged rows",
        `${BOMBORA_HEADER}\nAcme,acme.com,x,Aerospace,c,t,80\nShort,short.com,x\n`,
        "row_ragged",
      ],
      ["semicolon delimiter", BOMBORA.replace(/,/g, ";"), "file_semicolon_delimiter"],
      [
        "a 5 MB field",
        `${BOMBORA_HEADER}\nAcme,acme.com,x,Aerospace,c,"${"x".repeat(5 * 1024 * 1024)}",80\n`,
        "file_record_too_long",
      ],
      [
        "invalid UTF-8",
        Buffer.concat([
          Buffer.from(`${BOMBORA_HEADER}\nAcme,acme.com,x,Aerospace,c,`),
          Buffer.from([0xc3, 0x28]),
          Buffer.from(",80\n"),
        ]),
        "file_invalid_utf8",
      ],
      ["an empty file", "", "file_empty"],
      ["a header-only file", `${BOMBORA_HEADER}\r\n`, "file_header_only"],
      [
        "a binary file renamed .csv",
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0x21, 0x00]),
        "file_binary",
      ],
      ["unknown columns", "Foo,Bar\n1,2\n", "file_unknown_layout"],
    ];
    for (const [name, content, code] of cases) {
      it(name, async () => {
        await importFile(TEMPLATE);
        const before = await storedDomains();
        const p = await preview(content, "broken.csv");
        expect(p.canCommit).toBe(false);
        expect(p.importId).toBeNull();
        expect(p.issues.map((i) => i.code)).toContain(code);
        expect(p.sample).toEqual([]);
        expect(await storedDomains()).toEqual(before);
        const staged = await t.db.selectFrom("intent_import").select("id").execute();
        expect(staged).toEqual([]);
      });
    }

    it("reads a file with a BOM and CRLF line ends correctly", async () => {
      const p = await preview(`\uFEFF${BOMBORA.replace(/\n/g, "\r\n")}`);
      expect(p).toMatchObject({ layout: "bombora", hasHeader: true, canCommit: true });
      expect(p.counts).toMatchObject({ rows: 6, accounts: 3, errors: 0 });
      expect(p.sample[0]?.name).toBe("Acme Aero");
      expect(await storedDomains()).toEqual([]);
    });

    it("invalid UTF-8 is located by line", async () => {
      const file = Buffer.concat([
        Buffer.from(`${BOMBORA_HEADER}\nA,a.com,x,Aerospace,c,t,80\nB,b.com,x,Aerospace,c,`),
        Buffer.from([0xff]),
        Buffer.from(",80\n"),
      ]);
      const p = await preview(file);
      expect(p.issues[0]).toMatchObject({ code: "file_invalid_utf8", params: { line: 3 } });
    });
  });

  it("two imports confirmed at once take turns: the store holds exactly one of them", async () => {
    const [a, b] = [await preview(BOMBORA), await preview(TEMPLATE)];
    const results = await Promise.all([
      editor.post(`/api/audience/imports/${a.importId}/commit`, { mode: "replace" }),
      editor.post(`/api/audience/imports/${b.importId}/commit`, { mode: "replace" }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const domains = await storedDomains();
    expect([
      ["acme-aero.com", "boltmotors.com", "cirruswings.io"],
      ["gammagears.com", "hotelhyd.com"],
    ]).toContainEqual(domains);
    expect((await overview()).accountCount).toBe(domains.length);
  });

  it("only editors import; viewers read", async () => {
    const { payload, headers } = multipart("x.csv", BOMBORA);
    const res = await viewer.request({
      method: "POST",
      url: "/api/audience/imports/preview",
      payload,
      headers,
    });
    expect(res.statusCode).toBe(403);
    expect((await overview()).can.import).toBe(false);
    const other = await t.signInAs("editor");
    const p = await preview(BOMBORA);
    const stolen = await other.post(`/api/audience/imports/${p.importId}/commit`, {
      mode: "replace",
    });
    // The role imports; the upload is someone else's.
    expectError(stolen, 403, {
      code: "forbidden",
      message: "Only the person who uploaded this file can confirm it.",
    });
    expect(await storedDomains()).toEqual([]);
  });

  it("exports the current view as CSV with formula cells escaped", async () => {
    const file = [
      "Company Name,Domain,Industry,Intent Score,Buying Stage,Personas,Keywords",
      '"=HYPERLINK(""http://evil"")",evil.com,Aerospace,90,decision,,"+cmd:80;@sum:70"',
      "-Minus Co,minus.com,Automotive,50,awareness,,",
      "Plain Co,plain.com,Aerospace,70,consideration,,design to cost",
    ].join("\n");
    await importFile(file);
    const res = await viewer.get("/api/audience/export?industry=aerospace");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain("target-audience-aerospace.csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      "Company Name,Domain,Industry,Intent Score,Buying Stage,Active Personas,Top Keywords",
    );
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://evil"")",evil.com,Aerospace,90,decision,,'+cmd; @sum`,
    );
    // Without a Personas cell, personas come from the surging keywords ("cost" → VP).
    expect(lines[2]).toBe(
      "Plain Co,plain.com,Aerospace,70,consideration,vp-engineering,design to cost",
    );
    expect(lines).toHaveLength(3);
    const all = await viewer.get("/api/audience/export?industry=all");
    expect(all.body).toContain("'-Minus Co,minus.com");
  });

  it("loads the sample once (35/42/23) and real data replaces it, even on merge", async () => {
    expect(await seedSampleIntentData(t.db)).toBe(true);
    expect(await seedSampleIntentData(t.db)).toBe(false);
    const o = await overview();
    expect(o.accountCount).toBe(100);
    expect(o.dataset).toMatchObject({ isSample: true, importedBy: null });
    expect(o.intent.buyingStages).toEqual({ awareness: 35, consideration: 42, decision: 23 });
    expect(o.intent.industryBreakdown.map((i) => [i.industry, i.percentage])).toEqual([
      ["aerospace", 25],
      ["automotive", 25],
      ["high-tech", 25],
      ["industrial", 25],
    ]);
    expect(o.intent.targetAccounts).toHaveLength(5);
    const data = await viewer.get(
      "/api/content-generation-data?personaId=cto&industryId=automotive&buyingStage=decision",
    );
    const intent = data.json<{ data: { sixsenseData: IntentData } }>().data.sixsenseData;
    expect(intent.topKeywords.length).toBeGreaterThan(0);
    expect(
      intent.buyingStages.awareness +
        intent.buyingStages.consideration +
        intent.buyingStages.decision,
    ).toBe(100);
    await importFile(TEMPLATE, "merge");
    expect(await storedDomains()).toEqual(["gammagears.com", "hotelhyd.com"]);
    expect((await overview()).dataset?.isSample).toBe(false);
  });

  it("content recommendations change when a covering item is published", async () => {
    await importFile(BOMBORA);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "target_label"])
      .where("action", "=", "intent.imported")
      .orderBy("at", "desc")
      .executeTakeFirst();
    expect(audit?.target_label).toMatch(/\.csv$/);
    const recs = async () =>
      (await viewer.get("/api/audience/recommendations?industry=all")).json<{
        data: ContentRecommendations;
      }>().data.items;
    /** The recommendation for a VP of Engineering deciding on should-cost analysis. */
    const shouldCostDecision = (items: ContentRecommendations["items"]) =>
      items.find(
        (r) =>
          r.keyword === "Should Cost Analysis" &&
          r.personaId === "vp-engineering" &&
          r.buyingStage === "decision",
      );
    const before = await recs();
    const gap = shouldCostDecision(before);
    expect(gap).toMatchObject({ coveringItems: 0, intent: 92, industryId: "aerospace" });
    expect(gap?.suggestedTopic).toMatch(/^Should Cost Analysis/);
    expect(before.every((r) => r.coveringItems === 0)).toBe(true);
    // ranked by intent
    expect(before.map((r) => r.intent)).toEqual(
      [...before.map((r) => r.intent)].sort((a, b) => b - a),
    );

    const id = randomUUID();
    await t.db
      .insertInto("content_item")
      .values({
        id,
        title: "Why should-cost analysis belongs in design reviews",
        content_type: "thought-leadership",
        persona_id: "vp-engineering",
        industry_id: "aerospace",
        buying_stage: "decision",
        topic: "should cost",
        headline: "Should cost analysis before design freeze",
        introduction: "Intro",
        body: "<p>Body about should cost analysis.</p>",
        conclusion: "End",
        provenance: JSON.stringify({}),
      })
      .execute();
    // A draft does not cover anything yet.
    expect((await recs()).every((r) => r.coveringItems === 0)).toBe(true);
    await t.db
      .updateTable("content_item")
      .set({ status: "published" })
      .where("id", "=", id)
      .execute();
    const after = await recs();
    const covered = shouldCostDecision(after);
    expect(covered?.coveringItems).toBe(1);
    expect(after[after.length - 1]).toEqual(covered); // covered ones rank after every gap

    // Accounts to target: decision-stage accounts surging on a topic the item covers.
    const target = await viewer.get(`/api/audience/content/${id}/accounts`);
    expect(target.statusCode).toBe(200);
    expect(target.json<{ data: unknown }>().data).toMatchObject({
      matchedKeywords: ["Should Cost Analysis"],
      total: 1,
      accounts: [{ domain: "acme-aero.com" }],
    });
    const csv = await viewer.get(`/api/audience/content/${id}/accounts/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Acme Aero,acme-aero.com,Aerospace,92,decision");
    expect((await viewer.get("/api/audience/content/nope/accounts")).statusCode).toBe(404);

    // An item in the Trash covers nothing and has no accounts to target.
    await t.db
      .updateTable("content_item")
      .set({ deleted_at: new Date() })
      .where("id", "=", id)
      .execute();
    expect((await recs()).every((r) => r.coveringItems === 0)).toBe(true);
    expect((await viewer.get(`/api/audience/content/${id}/accounts`)).statusCode).toBe(404);
  });
});
