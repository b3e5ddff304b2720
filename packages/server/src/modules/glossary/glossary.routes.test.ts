import { GlossaryImportErrorDetailsSchema, GlossaryListSchema } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { type Agent, useTestAppAs } from "../../../test/helper";
import { glossaryTermInput } from "../../../test/support/factories";

type Ok<T> = { success: true; data: T };
type Refused = { success: false; code: string; message: string; details?: unknown };

const ENGINE = glossaryTermInput({ note: "Product name" });

const HEADER = "concept,locale,term,status,case_sensitive,note";

describe("glossary routes", () => {
  const [t, viewer, editor, admin] = useTestAppAs(["viewer", "editor", "admin"]);

  const list = async (as: Agent, query = "") =>
    GlossaryListSchema.parse(
      (await as.get(`/api/settings/glossary${query}`)).json<Ok<unknown>>().data,
    );
  const auditActions = async () =>
    (
      await t.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "like", "glossary.%")
        .orderBy("id")
        .execute()
    ).map((r) => r.action);

  it("lets every role read, only admins manage", async () => {
    expect((await t.anonymous.get("/api/settings/glossary")).statusCode).toBe(401);
    expect((await list(viewer)).can).toEqual({ manage: false });
    expect((await list(editor)).can).toEqual({ manage: false });
    expect((await list(admin)).can).toEqual({ manage: true });
    expect((await viewer.post("/api/settings/glossary", ENGINE)).statusCode).toBe(403);
    expect((await editor.post("/api/settings/glossary", ENGINE)).statusCode).toBe(403);
    expect((await editor.post("/api/settings/glossary/import", { csv: HEADER })).statusCode).toBe(
      403,
    );
  });

  it("adds, edits and deletes a term, refusing a duplicate in any case", async () => {
    const created = await admin.post("/api/settings/glossary", ENGINE);
    expect(created.statusCode).toBe(201);
    const term = created.json<Ok<{ id: string }>>().data;
    expect(term).toMatchObject(ENGINE);
    expect(typeof term.id).toBe("string");

    const dup = await admin.post("/api/settings/glossary", { ...ENGINE, term: "cost engine" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<Refused>().message).toBe(
      "This concept already has this term in this language.",
    );

    const invalid = await admin.post("/api/settings/glossary", { ...ENGINE, term: "  " });
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(invalid.json())).toContain("Term is required.");

    const edited = await admin.put(`/api/settings/glossary/${term.id}`, {
      ...ENGINE,
      note: "Our product; never translated",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Ok<{ note: string }>>().data.note).toBe("Our product; never translated");
    expect((await viewer.put(`/api/settings/glossary/${term.id}`, ENGINE)).statusCode).toBe(403);

    expect((await list(viewer)).terms.map((x) => x.term)).toContain("Cost Engine");
    expect((await list(viewer, "?locale=de")).terms).toEqual([]);
    expect((await list(viewer, "?status=do-not-translate")).terms).toHaveLength(1);

    expect((await viewer.delete(`/api/settings/glossary/${term.id}`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/settings/glossary/${term.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/settings/glossary/${term.id}`)).statusCode).toBe(404);
    expect((await list(viewer)).terms).toEqual([]);
    expect(await auditActions()).toEqual([
      "glossary.term_created",
      "glossary.term_changed",
      "glossary.term_deleted",
    ]);
  });

  it("refuses a whole file with any bad row, reporting every one, and saves nothing", async () => {
    const csv = [
      HEADER,
      "should-cost,de,Kalkulationsmodell,preferred,false,",
      "should-cost,xx,Kostenmodell,forbidden,false,",
      "should-cost,de,,forbidden,false,",
      "should-cost,de,Preismodell,banned,false,",
      "should-cost,de,Kostenrechnung,forbidden,maybe,",
      "should-cost,de,KALKULATIONSMODELL,admitted,false,",
    ].join("\n");
    const res = await admin.post("/api/settings/glossary/import", { csv });
    expect(res.statusCode).toBe(400);
    const body = res.json<Refused>();
    expect(body.code).toBe("validation_error");
    expect(body.message).toBe("5 rows have errors; nothing was imported.");
    expect(GlossaryImportErrorDetailsSchema.parse(body.details).rows).toEqual([
      { line: 3, message: "locale must be one of en, de, fr, es, ja." },
      { line: 4, message: "Term is required." },
      {
        line: 5,
        message: "status must be one of preferred, admitted, forbidden, do-not-translate.",
      },
      { line: 6, message: "case_sensitive must be true or false." },
      { line: 7, message: "The same concept, language and term as line 2." },
    ]);
    expect((await list(admin)).terms).toEqual([]);

    const noHeader = await admin.post("/api/settings/glossary/import", {
      csv: "concept,term\nx,y\n",
    });
    expect(noHeader.statusCode).toBe(400);
    expect(GlossaryImportErrorDetailsSchema.parse(noHeader.json<Refused>().details).rows).toEqual([
      { line: 1, message: "The header has no locale, status column." },
    ]);
  });

  it("imports in one go, updating existing terms, and exports what it imported (formulas escaped)", async () => {
    await admin.post("/api/settings/glossary", { ...ENGINE, status: "preferred", note: undefined });
    const csv = [
      HEADER,
      "cost-engine,en,cost engine,do-not-translate,true,Product name",
      "should-cost,de,Kalkulationsmodell,preferred,false,",
      'should-cost,de,Kostenmodell,forbidden,false,"Old term, do not use"',
      "should-cost,ja,目標原価モデル,preferred,false,",
      "formula,en,=SUM(A1),admitted,false,@risk",
    ].join("\r\n");
    const res = await admin.post("/api/settings/glossary/import", { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json<Ok<unknown>>().data).toEqual({ created: 4, updated: 1 });
    const { terms } = await list(viewer);
    expect(terms).toHaveLength(5);
    expect(terms.find((x) => x.concept === "cost-engine")).toMatchObject({
      term: "cost engine",
      status: "do-not-translate",
    });

    const exported = await viewer.get("/api/settings/glossary/export");
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toMatch(/^text\/csv/);
    expect(exported.headers["content-disposition"]).toBe('attachment; filename="glossary.csv"');
    const lines = exported.body.trim().split("\n");
    expect(lines[0]).toBe(HEADER);
    expect(exported.body).toContain("'=SUM(A1),admitted,false,'@risk");
    expect(exported.body).toContain('Kostenmodell,forbidden,false,"Old term, do not use"');
    expect(exported.body).toContain("目標原価モデル");

    // The export reads back as the same glossary: every row updates itself.
    const again = await admin.post("/api/settings/glossary/import", { csv: exported.body });
    expect(again.json<Ok<unknown>>().data).toEqual({ created: 0, updated: 5 });
    expect((await list(viewer)).terms).toEqual(terms);
    expect((await auditActions()).filter((a) => a === "glossary.imported")).toHaveLength(2);
  });
});
