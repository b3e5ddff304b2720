import {
  FactChangeResultSchema,
  FactListSchema,
  FactSchema,
  QualityReportSchema,
  type Fact,
} from "@content-studio/contract";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { type Agent, useTestAppAs } from "../../../test/helper";
import { auditTrail } from "../../../test/support/audit";
import { factInput } from "../../../test/support/factories";
import { CATALOGUE_FACT_SOURCE } from "../../db/seed/proof-facts";
import { COMPANY_CATALOG } from "../../db/seed/reference-data";
import { VALID_REQUEST } from "../../../test/support/generation";
import { expectError } from "../../../test/support/responses";

type Ok<T> = { success: true; data: T };

const FACT = factInput({
  statement: "Customers quote configured equipment 3x faster with NCS Pro.",
});

const CLAIM = "Engineering teams quote configured equipment 3x faster with NCS Pro.";

describe("proof library routes", () => {
  const [t, viewer, editor, admin] = useTestAppAs(["viewer", "editor", "admin"]);

  const list = async (as: Agent, query = "") =>
    FactListSchema.parse((await as.get(`/api/proof/facts${query}`)).json<Ok<unknown>>().data);

  it("is seeded with the catalogue's key metrics and marked samples, readable by every role", async () => {
    expect((await t.anonymous.get("/api/proof/facts")).statusCode).toBe(401);
    const { facts, can } = await list(viewer);
    expect(can).toEqual({ propose: false });
    const catalogue = facts.filter((f) => f.source === CATALOGUE_FACT_SOURCE);
    expect(catalogue.map((f) => f.id).sort()).toEqual(
      COMPANY_CATALOG.keyMetrics.map((m) => `fact-catalogue-${m.id}`).sort(),
    );
    const ecos = catalogue.find((f) => f.id === "fact-catalogue-m1")!;
    expect(ecos).toMatchObject({
      value: 35,
      valueMax: 45,
      unit: "%",
      status: "approved",
      isSample: false,
      structure: { direction: "reduction", measure: "engineering change orders" },
    });
    expect(ecos.can).toEqual({ edit: false, approve: false, expire: false, retire: false });
    const samples = facts.filter((f) => f.isSample);
    expect(samples.length).toBeGreaterThanOrEqual(3);
    for (const s of samples) expect(s.source).toMatch(/^Sample/);
    expect((await list(viewer, "?q=castings")).facts.map((f) => f.id)).toEqual([
      "fact-sample-aerospace-quotes",
    ]);
    expect((await list(editor)).can).toEqual({ propose: true });
    expect((await list(admin)).can).toEqual({ propose: true });
  });

  it("lets editors propose and admins approve; only approved, unexpired facts bind claims", async () => {
    expect((await viewer.post("/api/proof/facts", FACT)).statusCode).toBe(403);
    const bad = await editor.post("/api/proof/facts", { ...FACT, unit: null });
    expect(bad.statusCode).toBe(400);
    const unknown = await editor.post("/api/proof/facts", { ...FACT, subjectId: "nope" });
    expect(unknown.statusCode).toBe(400);

    const created = await editor.post("/api/proof/facts", FACT);
    expect(created.statusCode, created.body).toBe(201);
    const fact = FactSchema.parse(created.json<Ok<unknown>>().data);
    expect(fact).toMatchObject({ status: "proposed", subjectLabel: "NCS Pro", approvedBy: null });
    expect(fact.can).toMatchObject({ edit: true, approve: false });

    const check = async () => {
      const res = await viewer.post("/api/quality-check", {
        headline: "Quoting configured equipment without the spreadsheet marathon",
        introduction: "Industrial product managers quote engineer-to-order equipment every week.",
        body: `<p>${CLAIM}</p>`,
        conclusion: "Read our guide to quoting configured products.",
        personaId: "product-manager",
        industryId: "industrial",
        buyingStage: "awareness",
        contentType: "thought-leadership",
      });
      expect(res.statusCode, res.body).toBe(200);
      return QualityReportSchema.parse(res.json<Ok<unknown>>().data).claims;
    };
    // Proposed: not yet evidence.
    expect(await check()).toEqual([
      expect.objectContaining({ status: "unsupported", factId: null }),
    ]);

    const edited = await editor.put(`/api/proof/facts/${fact.id}`, {
      ...FACT,
      owner: "Sales Engineering",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const notAdmin = await editor.post(`/api/proof/facts/${fact.id}/approve`);
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toMatchObject({ code: "forbidden" });
    const approved = await admin.post(`/api/proof/facts/${fact.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const result = FactChangeResultSchema.parse(approved.json<Ok<unknown>>().data);
    expect(result.fact).toMatchObject({
      status: "approved",
      owner: "Sales Engineering",
      expired: false,
    });
    expect(result.fact.approvedBy).toBeTruthy();
    // Approved facts are only edited by admins: the editor's role edits, the fact's state refuses.
    const late = await editor.put(`/api/proof/facts/${fact.id}`, FACT);
    expectError(late, 409, {
      code: "conflict",
      message:
        "This fact cannot be edited now: editors edit proposed facts, admins any fact that is not retired.",
    });
    expect(result.fact.can).toEqual({ edit: true, approve: false, expire: true, retire: true });

    expect(await check()).toEqual([
      expect.objectContaining({ kind: "multiplier", status: "supported", factId: fact.id }),
    ]);

    // Expired: the claim is reported as relying on an expired fact.
    const expired = await admin.post(`/api/proof/facts/${fact.id}/expire`);
    expect(expired.statusCode, expired.body).toBe(200);
    expect(FactChangeResultSchema.parse(expired.json<Ok<unknown>>().data).fact.expired).toBe(true);
    expect(await check()).toEqual([
      expect.objectContaining({ status: "expired", factId: fact.id }),
    ]);

    // Proposed, edited, approved and expired: each change is in the audit log, with its fields;
    // the refused approval and edit are not.
    const audit = await auditTrail(t, fact.id);
    expect(audit.map((e) => e.action)).toEqual([
      "proof.fact_created",
      "proof.fact_changed",
      "proof.fact_changed",
      "proof.fact_changed",
    ]);
    expect(audit[2]?.changes).toMatchObject({ status: { from: "proposed", to: "approved" } });
  });

  it("refuses an edit when the fact was approved between the editor's read and the write", async () => {
    const fact = FactSchema.parse(
      (
        await editor.post("/api/proof/facts", { ...FACT, statement: "Raced fact: 3x faster." })
      ).json<Ok<unknown>>().data,
    );
    // An admin's transaction holds the fact's row while the editor's save is on its way; it
    // approves the fact and commits only once the save waits for the row (PostgreSQL; PGlite
    // runs one transaction at a time, so there the save simply runs after the approval).
    let edit: Promise<Awaited<ReturnType<typeof editor.put>>> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom("proof_fact")
        .select("id")
        .where("id", "=", fact.id)
        .forUpdate()
        .execute();
      edit = editor.put(`/api/proof/facts/${fact.id}`, {
        ...FACT,
        statement: "Raced: 9x faster.",
        value: 9,
      });
      if (t.ctx.dbKind === "postgres") {
        const started = Date.now();
        for (;;) {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query ilike '%proof_fact%'`.execute(t.db);
          if ((rows[0]?.n ?? 0) > 0) break;
          if (Date.now() - started > 10_000) throw new Error("the save never waited for the row");
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      await trx
        .updateTable("proof_fact")
        .set({ status: "approved", approved_by: "Race Admin", approved_at: new Date() })
        .where("id", "=", fact.id)
        .execute();
    });
    const res = await edit!;
    expect(res.statusCode, res.body).toBe(409);
    const row = await t.db
      .selectFrom("proof_fact")
      .select(["status", "statement"])
      .where("id", "=", fact.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "approved", statement: "Raced fact: 3x faster." });
  });

  it("lists every stored content item that uses a fact when it is retired", async () => {
    const created = FactSchema.parse(
      (
        await editor.post("/api/proof/facts", {
          ...FACT,
          statement:
            "Customers quote configured equipment 3x faster with NCS Pro, measured in 2026.",
        })
      ).json<Ok<Fact>>().data,
    );
    expect((await admin.post(`/api/proof/facts/${created.id}/approve`)).statusCode).toBe(200);

    const generated = await editor.post("/api/generate-content", {
      ...VALID_REQUEST,
      personaId: "product-manager",
      industryId: "industrial",
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const id = generated.json<Ok<{ contentItemId: string }>>().data.contentItemId;
    const saved = await editor.put(`/api/library/${id}`, {
      headline: "Quoting configured equipment without the spreadsheet marathon",
      introduction: "Industrial product managers quote engineer-to-order equipment every week.",
      body: `<p>${CLAIM}</p>`,
      conclusion: "Read our guide to quoting configured products.",
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const usages = await viewer.get(`/api/proof/facts/${created.id}/usages`);
    expect(FactChangeResultSchema.parse(usages.json<Ok<unknown>>().data).usages).toEqual([
      expect.objectContaining({ contentItemId: id, claims: [expect.stringMatching(/^3x faster/)] }),
    ]);

    expect((await editor.post(`/api/proof/facts/${created.id}/retire`)).statusCode).toBe(403);
    const retired = await admin.post(`/api/proof/facts/${created.id}/retire`);
    expect(retired.statusCode, retired.body).toBe(200);
    const result = FactChangeResultSchema.parse(retired.json<Ok<unknown>>().data);
    expect(result.fact.status).toBe("retired");
    expect(result.fact.can).toEqual({ edit: false, approve: false, expire: false, retire: false });
    expect(result.usages.map((u) => u.contentItemId)).toEqual([id]);
    const again = await admin.post(`/api/proof/facts/${created.id}/retire`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "conflict",
      message: "This fact is already retired.",
    });
    expect((await admin.put(`/api/proof/facts/${created.id}`, FACT)).statusCode).toBe(409);
    expect((await admin.post(`/api/proof/facts/${created.id}/approve`)).statusCode).toBe(409);
    expect((await admin.post("/api/proof/facts/fact-missing/approve")).statusCode).toBe(404);
  });
});
