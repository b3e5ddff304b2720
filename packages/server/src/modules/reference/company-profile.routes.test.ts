import type { CompanyCatalog, CompanyProfileResponse } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { TEST_DB, useTestAppAs } from "../../../test/helper";
import { COMPANY_VOICE } from "../../db/seed/reference-data";

describe(`company profile (${TEST_DB})`, () => {
  const [t, admin] = useTestAppAs(["admin"]);

  const get = async (agent = admin) =>
    (await agent.get("/api/company-profile")).json<{ data: CompanyProfileResponse }>().data;
  const audits = () =>
    t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "company.profile_changed")
      .orderBy("at")
      .execute();

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
    expect(profile.voice).toEqual(COMPANY_VOICE);
    // The first-run profile is a sample until an admin saves it.
    expect(profile.isSample).toBe(true);
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
      voice: {
        toneAttributes: ["plain-spoken", " exact "],
        preferredWords: ["quote variance", "Quote variance", "cost  baseline"],
        avoidWords: ["paradigm", "world-class"],
        pointOfView: "first-person-plural",
      },
    };
    expect(before.isSample).toBe(true);
    const res = await admin.put("/api/company-profile", next);
    expect(res.statusCode, res.body).toBe(200);
    const voice = {
      toneAttributes: ["plain-spoken", "exact"],
      preferredWords: ["quote variance", "cost baseline"],
      avoidWords: ["paradigm", "world-class"],
      pointOfView: "first-person-plural",
    };
    expect(res.json<{ data: CompanyProfileResponse }>().data).toEqual({
      ...next,
      offers: [{ name: "Pilot", url: "https://acme.example/pilot", stages: ["decision"] }],
      bannedPhrases: ["best-in-class", "game changer"],
      voice,
      isSample: false,
      can: { edit: true },
    });
    // Read back through GET: the voice round-trips and the sample mark stays cleared.
    expect(await get(await t.signInAs("viewer"))).toMatchObject({ voice, isSample: false });
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
    const audit = await audits();
    expect(audit).toHaveLength(1);
    expect(Object.keys(audit[0]!.changes).sort()).toEqual(
      [
        "bannedPhrases",
        "companyName",
        "description",
        "keyMetrics",
        "offers",
        "solutions",
        "voice",
        "isSample",
      ].sort(),
    );
    expect(audit[0]!.changes.companyName).toEqual({ from: before.companyName, to: "Acme Costing" });
    expect(audit[0]!.changes.voice).toEqual({ from: COMPANY_VOICE, to: voice });
    expect(audit[0]!.changes.isSample).toEqual({ from: true, to: false });
  });

  it("records a later voice change alone (the sample mark is already gone)", async () => {
    const before = await get();
    const voice = { ...before.voice, pointOfView: "third-person" as const };
    const res = await admin.put("/api/company-profile", { ...before, voice });
    expect(res.statusCode, res.body).toBe(200);
    const last = (await audits()).at(-1)!;
    expect(last.changes).toEqual({ voice: { from: before.voice, to: voice } });
    expect(await get()).toEqual({ ...before, voice });
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
    [{ voice: { ...COMPANY_VOICE, pointOfView: "royal-we" } }, "body.voice.pointOfView"],
    [
      {
        voice: {
          ...COMPANY_VOICE,
          toneAttributes: ["a", "b", "c", "d", "e", "f", "g"].map((c) => `${c}${c}`),
        },
      },
      "body.voice.toneAttributes",
    ],
    [{ voice: { ...COMPANY_VOICE, avoidWords: ["x".repeat(61)] } }, "body.voice.avoidWords.0"],
    [{ voice: { ...COMPANY_VOICE, preferredWords: [" a "] } }, "body.voice.preferredWords.0"],
  ])("refuses %j (400 on %s) and changes nothing", async (patch, path) => {
    const before = await get();
    const res = await admin.put("/api/company-profile", { ...before, ...patch });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; details: { issues: { path: string }[] } }>();
    expect(body.code).toBe("validation_error");
    expect(body.details.issues.map((issue) => issue.path)).toContain(path);
    expect(await get()).toEqual(before);
  });

  it.each([
    ["keeps the voice when the body leaves it out", "voice", "Kept Voice"],
    ["keeps the banned phrases when the body leaves them out", "bannedPhrases", "Kept Phrases"],
  ] as const)("%s", async (_name, field, companyName) => {
    const before = await get();
    const { [field]: kept, ...rest } = before;
    const res = await admin.put("/api/company-profile", { ...rest, companyName });
    expect(res.statusCode, res.body).toBe(200);
    expect(await get()).toEqual({ ...before, companyName, [field]: kept });
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
