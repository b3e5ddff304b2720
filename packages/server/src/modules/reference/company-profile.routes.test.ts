import type { CompanyCatalog, CompanyProfile } from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_DB, type Agent, type TestApp } from "../../../test/helper";

describe(`company profile (${TEST_DB})`, () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.signInAs("admin");
  });
  afterAll(() => t.close());

  const get = async (agent = admin) =>
    (await agent.get("/api/company-profile")).json<{ data: CompanyProfile }>().data;

  it("is seeded with the neutral default vendor, the 5 key metrics and stage offers", async () => {
    const profile = await get(await t.signInAs("viewer"));
    expect(profile.companyName).toBe("Northwind Cost Systems");
    expect(profile.description.length).toBeGreaterThan(20);
    expect(profile.keyMetrics.map((m) => m.label)).toEqual([
      "35-45% reduction in engineering change orders",
      "20-30% decrease in time-to-market",
      "15-20% reduction in product cost",
      "25-35% improvement in first-time quality",
      "40-50% faster design cycle time",
    ]);
    expect(profile.solutions).toHaveLength(5);
    expect(profile.solutions.every((s) => s.product.length > 0)).toBe(true);
    for (const stage of ["awareness", "consideration", "decision"] as const) {
      expect(profile.offers.some((o) => o.stages.includes(stage))).toBe(true);
    }
    expect(profile.bannedPhrases.length).toBeGreaterThan(0);
  });

  it("saves every part at once; the catalogue, banned phrases and audit log follow", async () => {
    const before = await get();
    const next = {
      companyName: "Acme Costing",
      description: "Acme sells costing software.",
      solutions: [
        { name: "Acme Estimate", description: "Estimates part cost.", product: "Acme Suite" },
      ],
      keyMetrics: [{ label: "10% lower cost" }, { label: "2x faster quotes" }],
      offers: [
        {
          name: "Pilot",
          url: "https://acme.example/pilot",
          stages: ["decision", "decision"],
        },
      ],
      bannedPhrases: [" best-in-class ", "Best-in-class", "game  changer"],
    };
    const res = await admin.put("/api/company-profile", next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: CompanyProfile }>().data).toEqual({
      ...next,
      offers: [{ name: "Pilot", url: "https://acme.example/pilot", stages: ["decision"] }],
      bannedPhrases: ["best-in-class", "game changer"],
      can: { edit: true },
    });
    const catalog = (await admin.get("/api/company-catalog")).json<{ data: CompanyCatalog }>().data;
    expect(catalog).toMatchObject({
      companyName: "Acme Costing",
      keyMetrics: [{ label: "10% lower cost" }, { label: "2x faster quotes" }],
      solutions: [{ name: "Acme Estimate", product: "Acme Suite" }],
      offers: [{ name: "Pilot" }],
    });
    const banned = (await admin.get("/api/settings/banned-phrases")).json<{
      data: { phrases: string[] };
    }>().data;
    expect(banned.phrases).toEqual(["best-in-class", "game changer"]);
    const audit = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "company.profile_changed")
      .execute();
    expect(audit).toHaveLength(1);
    expect(Object.keys(audit[0]!.changes).sort()).toEqual(
      ["bannedPhrases", "companyName", "description", "keyMetrics", "offers", "solutions"].sort(),
    );
    expect(audit[0]!.changes.companyName).toEqual({ from: before.companyName, to: "Acme Costing" });
  });

  it.each([
    [
      { offers: [{ name: "X", url: "http://acme.example/x", stages: ["awareness"] }] },
      "body.offers.0.url",
    ],
    [
      { offers: [{ name: "X", url: "javascript:alert(1)", stages: ["awareness"] }] },
      "body.offers.0.url",
    ],
    [{ offers: [{ name: "X", url: "https://acme.example", stages: [] }] }, "body.offers.0.stages"],
    [
      { offers: [{ name: "X", url: "https://acme.example", stages: ["purchase"] }] },
      "body.offers.0.stages.0",
    ],
    [{ companyName: " " }, "body.companyName"],
    [{ keyMetrics: [{ label: "A" }, { label: "a" }] }, "body.keyMetrics.1.name"],
  ])("refuses %j (400 on %s) and changes nothing", async (patch, path) => {
    const before = await get();
    const res = await admin.put("/api/company-profile", { ...before, ...patch });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; details: { issues: { path: string }[] } }>();
    expect(body.code).toBe("validation_error");
    expect(body.details.issues.map((issue) => issue.path)).toContain(path);
    expect(await get()).toEqual(before);
  });

  it("keeps the banned phrases when the body leaves them out", async () => {
    const before = await get();
    const { bannedPhrases, ...rest } = before;
    const res = await admin.put("/api/company-profile", { ...rest, companyName: "Kept Phrases" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await get()).toEqual({ ...before, companyName: "Kept Phrases", bannedPhrases });
  });

  it("is changed by admins only", async () => {
    const before = await get();
    for (const role of ["viewer", "editor"] as const) {
      const agent = await t.signInAs(role);
      expect((await agent.put("/api/company-profile", before)).statusCode).toBe(403);
    }
    expect((await t.anonymous.get("/api/company-profile")).statusCode).toBe(401);
  });
});
