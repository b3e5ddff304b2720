import {
  DerivedFactStructureSchema,
  FactListSchema,
  FactSchema,
  type Fact,
  type FactInput,
  type FactStructure,
} from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { useTestAppAs } from "../../../test/helper";
import { auditTrail } from "../../../test/support/audit";
import { factInput } from "../../../test/support/factories";
import { catalogueFact, SAMPLE_FACTS } from "../../db/seed/proof-facts";
import { COMPANY_CATALOG } from "../../db/seed/reference-data";
import { deriveFactStructure } from "../../lib/language/fact-structure";
import { loadBindingFacts } from "./proof.service";

type Ok<T> = { success: true; data: T };

/** A statement with a figure that the derivation reads, worded for these tests only. */
const STATEMENT = "Plants using NCS Pro log 30% fewer late tooling changes per program.";

/** A structure deliberately unlike what the derivation reads from STATEMENT. */
const GIVEN: FactStructure = {
  measure: "tooling changes raised after release",
  metric: "rate",
  direction: "share",
};

describe("proof library: fact structure", () => {
  const [t, viewer, editor, admin] = useTestAppAs(["viewer", "editor", "admin"]);

  const propose = async (input: Partial<FactInput>) => {
    const res = await editor.post("/api/proof/facts", factInput(input));
    expect(res.statusCode, res.body).toBe(201);
    return FactSchema.parse(res.json<Ok<unknown>>().data);
  };
  const stored = (id: string) =>
    t.db
      .selectFrom("proof_fact")
      .select(["claim_measure", "claim_metric", "claim_direction"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("derives and stores the structure when a fact with a figure is proposed without one", async () => {
    const derived = deriveFactStructure(STATEMENT);
    expect(derived).not.toBeNull();
    const fact = await propose({ statement: STATEMENT, value: 30, unit: "%" });
    expect(fact.structure).toEqual(derived);
    expect(await stored(fact.id)).toEqual({
      claim_measure: derived!.measure,
      claim_metric: derived!.metric,
      claim_direction: derived!.direction,
    });
  });

  it("stores a given structure as given, trimmed", async () => {
    const fact = await propose({
      statement: STATEMENT,
      value: 30,
      unit: "%",
      structure: { ...GIVEN, measure: `  ${GIVEN.measure} ` },
    });
    expect(fact.structure).toEqual(GIVEN);
    expect(await stored(fact.id)).toEqual({
      claim_measure: GIVEN.measure,
      claim_metric: GIVEN.metric,
      claim_direction: GIVEN.direction,
    });
  });

  it("refuses an unknown direction or an empty measure with the field's path", async () => {
    const bad = await editor.post(
      "/api/proof/facts",
      factInput({ structure: { ...GIVEN, direction: "sideways" as FactStructure["direction"] } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: "validation_error",
      details: { issues: [{ path: "body.structure.direction" }] },
    });
    const empty = await editor.post(
      "/api/proof/facts",
      factInput({ structure: { ...GIVEN, measure: " " } }),
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      details: {
        issues: [{ path: "body.structure.measure", message: "Say what the figure measures." }],
      },
    });
  });

  it("gives a qualitative fact no structure, and refuses one given to it", async () => {
    const qualitative = { value: null, valueMax: null, unit: null } as const;
    const fact = await propose({
      ...qualitative,
      statement: "NCS Pro keeps every configured quote traceable to its 30 source rules.",
    });
    expect(fact.structure).toBeNull();
    expect(await stored(fact.id)).toEqual({
      claim_measure: null,
      claim_metric: null,
      claim_direction: null,
    });
    const refused = await editor.post(
      "/api/proof/facts",
      factInput({ ...qualitative, structure: GIVEN }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      details: { issues: [{ path: "body.structure" }] },
    });
  });

  it("lets whoever may edit the fact change its structure, and audits the change", async () => {
    const fact = await propose({ statement: STATEMENT, value: 30, unit: "%" });
    const before = fact.structure!;
    const input = factInput({
      statement: STATEMENT,
      value: 30,
      unit: "%",
      structure: { ...before, direction: before.direction === "share" ? "level" : "share" },
    });
    expect((await viewer.put(`/api/proof/facts/${fact.id}`, input)).statusCode).toBe(403);
    const edited = await editor.put(`/api/proof/facts/${fact.id}`, input);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(FactSchema.parse(edited.json<Ok<unknown>>().data).structure).toEqual(input.structure);

    const audit = await auditTrail(t, fact.id);
    expect(audit.map((e) => e.action)).toEqual(["proof.fact_created", "proof.fact_changed"]);
    expect(audit[1]?.changes).toEqual({
      claim_direction: { from: before.direction, to: input.structure!.direction },
    });

    // Approved: only admins edit it now, structure included.
    expect((await admin.post(`/api/proof/facts/${fact.id}/approve`)).statusCode).toBe(200);
    const late = await editor.put(`/api/proof/facts/${fact.id}`, { ...input, structure: GIVEN });
    expect(late.statusCode).toBe(409);
    const byAdmin = await admin.put(`/api/proof/facts/${fact.id}`, { ...input, structure: GIVEN });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await stored(fact.id)).toMatchObject({ claim_measure: GIVEN.measure });
  });

  it("seeds the catalogue's key metrics and the samples with their structures", async () => {
    const { facts } = FactListSchema.parse(
      (await viewer.get("/api/proof/facts")).json<Ok<unknown>>().data,
    );
    const byId = new Map(facts.map((f) => [f.id, f]));
    const seeded = [
      ...COMPANY_CATALOG.keyMetrics.map((m) => ({
        id: `fact-catalogue-${m.id}`,
        ...catalogueFact(m.label),
      })),
      ...SAMPLE_FACTS,
    ];
    for (const f of seeded) {
      expect(byId.get(f.id)?.structure, f.id).toEqual(f.structure);
      const row = await stored(f.id);
      expect(row.claim_direction, f.id).toBe(f.structure?.direction ?? null);
    }
    expect(seeded.filter((f) => f.structure).length).toBeGreaterThanOrEqual(8);
  });

  it("hands the quality check each approved fact's structure: stored, else derived", async () => {
    const storedFact = await propose({
      statement: STATEMENT,
      value: 30,
      unit: "%",
      structure: GIVEN,
    });
    const legacy = await propose({ statement: STATEMENT, value: 30, unit: "%" });
    for (const f of [storedFact, legacy]) {
      expect((await admin.post(`/api/proof/facts/${f.id}/approve`)).statusCode).toBe(200);
    }
    // A fact stored before facts carried structure.
    await t.db
      .updateTable("proof_fact")
      .set({ claim_measure: null, claim_metric: null, claim_direction: null })
      .where("id", "=", legacy.id)
      .execute();

    const binding = new Map((await loadBindingFacts(t.ctx)).map((f) => [f.id, f]));
    expect(binding.get(storedFact.id)?.structure).toEqual(GIVEN);
    expect(binding.get(legacy.id)?.structure).toEqual(deriveFactStructure(STATEMENT));
    expect(binding.get("fact-sample-workspace-baseline")?.structure).toBeNull();
    const listed = FactListSchema.parse(
      (await viewer.get("/api/proof/facts")).json<Ok<unknown>>().data,
    ).facts.find((f: Fact) => f.id === legacy.id);
    expect(listed?.structure).toEqual(deriveFactStructure(STATEMENT));
  });

  it("derives a structure from a statement for the form, for those who may propose", async () => {
    const body = { statement: STATEMENT };
    expect((await viewer.post("/api/proof/facts/derive-structure", body)).statusCode).toBe(403);
    const res = await editor.post("/api/proof/facts/derive-structure", body);
    expect(res.statusCode, res.body).toBe(200);
    expect(DerivedFactStructureSchema.parse(res.json<Ok<unknown>>().data)).toEqual({
      structure: deriveFactStructure(STATEMENT),
    });
    const none = await editor.post("/api/proof/facts/derive-structure", {
      statement: "Trusted by machine builders.",
    });
    expect(none.json<Ok<unknown>>().data).toEqual({ structure: null });
    const empty = await editor.post("/api/proof/facts/derive-structure", { statement: "" });
    expect(empty.statusCode).toBe(400);
  });
});
