import {
  CampaignBriefListSchema,
  CampaignBriefSchema,
  type CampaignBrief,
} from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { type Agent, useTestAppAs } from "../../../test/helper";
import { briefInput, buildFact, multipartFile } from "../../../test/support/factories";
import type { SessionUser } from "../../plugins/access";

type Ok<T> = { success: true; data: T };
type Issues = { code: string; message: string; details: { issues: { path: string }[] } };

describe("campaign brief routes", () => {
  const [t, viewer, editor, otherEditor, admin] = useTestAppAs([
    "viewer",
    "editor",
    "editor",
    "admin",
  ]);
  const userOf = async (agent: Agent): Promise<SessionUser> =>
    (await agent.get("/api/session")).json<{ data: { user: SessionUser } }>().data.user;

  const create = async (as: Agent, overrides = {}) => {
    const res = await as.post("/api/campaigns", briefInput(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return CampaignBriefSchema.parse(res.json<Ok<unknown>>().data);
  };
  const list = async (as: Agent) =>
    CampaignBriefListSchema.parse((await as.get("/api/campaigns")).json<Ok<unknown>>().data);
  const importCsv = (as: Agent, csv: string) => {
    const file = multipartFile("file", "brief.csv", csv, "text/csv");
    return as.request({
      method: "POST",
      url: "/api/campaigns/import",
      payload: file.payload,
      headers: file.headers,
    });
  };

  it("creates a brief owned by the editor, readable by every role, managed by its owner and admins", async () => {
    expect((await t.anonymous.get("/api/campaigns")).statusCode).toBe(401);
    expect((await viewer.post("/api/campaigns", briefInput())).statusCode).toBe(403);
    const brief = await create(editor, { objective: "", dueDate: null });
    const me = await userOf(editor);
    expect(brief).toMatchObject({
      ownerId: me.id,
      ownerName: me.name,
      objective: "",
      dueDate: null,
      latestKit: null,
      can: { edit: true, run: true, delete: true },
    });
    expect(brief.cells).toEqual(briefInput().cells);

    const seenBy = async (as: Agent) => (await list(as)).briefs.find((b) => b.id === brief.id)!;
    expect((await list(viewer)).can).toEqual({ create: false, assignOwner: false });
    expect((await list(editor)).can).toEqual({ create: true, assignOwner: false });
    expect((await list(admin)).can).toEqual({ create: true, assignOwner: true });
    expect((await seenBy(viewer)).can).toEqual({ edit: false, run: false, delete: false });
    expect((await seenBy(otherEditor)).can).toEqual({ edit: false, run: false, delete: false });
    expect((await seenBy(admin)).can).toEqual({ edit: true, run: true, delete: true });

    const got = await viewer.get(`/api/campaigns/${brief.id}`);
    expect(got.statusCode).toBe(200);
    expect((await viewer.get("/api/campaigns/brief-nope")).statusCode).toBe(404);

    const theirs = await otherEditor.put(`/api/campaigns/${brief.id}`, briefInput());
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({
      code: "forbidden",
      message: "Only the brief's owner or an admin can edit this brief.",
    });
    expect((await otherEditor.delete(`/api/campaigns/${brief.id}`)).statusCode).toBe(403);

    const cells = [
      { personaId: "product-manager", industryId: "high-tech", buyingStage: "consideration" },
    ] as const;
    const edited = await editor.put(`/api/campaigns/${brief.id}`, {
      ...briefInput({ name: "Renamed", languages: ["en", "de"] }),
      cells,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Ok<CampaignBrief>>().data).toMatchObject({
      name: "Renamed",
      languages: ["en", "de"],
      cells,
      ownerId: me.id,
    });
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "changes"])
      .where("target_id", "=", brief.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["campaign.created", "campaign.changed"]);
    expect(Object.keys(audit[1]!.changes).sort()).toEqual([
      "cells",
      "dueDate",
      "languages",
      "name",
      "objective",
    ]);

    expect((await admin.delete(`/api/campaigns/${brief.id}`)).statusCode).toBe(200);
    expect((await viewer.get(`/api/campaigns/${brief.id}`)).statusCode).toBe(404);
  });

  it("lets only admins give a brief to another editor or admin", async () => {
    const other = await userOf(otherEditor);
    const byEditor = await editor.post("/api/campaigns", briefInput({ ownerId: other.id }));
    expect(byEditor.statusCode).toBe(403);
    const byAdmin = await admin.post("/api/campaigns", briefInput({ ownerId: other.id }));
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    const brief = byAdmin.json<Ok<CampaignBrief>>().data;
    expect(brief.ownerId).toBe(other.id);
    // Now the other editor's own: they manage it.
    expect((await otherEditor.put(`/api/campaigns/${brief.id}`, briefInput())).statusCode).toBe(
      200,
    );
    const toViewer = await admin.put(
      `/api/campaigns/${brief.id}`,
      briefInput({ ownerId: (await userOf(viewer)).id }),
    );
    expect(toViewer.statusCode).toBe(400);
    expect(toViewer.json<Issues>().details.issues.map((i) => i.path)).toEqual(["body.ownerId"]);
  });

  it("refuses unknown personas and industries, unusable facts and offers that do not suit a stage, naming the field", async () => {
    const [editorUser, adminUser] = [await userOf(editor), await userOf(admin)];
    const proposed = await buildFact(t, { proposer: editorUser, approver: adminUser });
    const res = await editor.post(
      "/api/campaigns",
      briefInput({
        factIds: ["fact-catalogue-m1", proposed],
        offers: { awareness: "90-Day Pilot Plan", consideration: "Nope", decision: null },
        cells: [{ personaId: "ghost", industryId: "atlantis", buyingStage: "awareness" }],
      }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<Issues>();
    expect(body.code).toBe("validation_error");
    expect(body.details.issues.map((i) => i.path)).toEqual([
      "body.factIds.1",
      "body.offers.awareness",
      "body.offers.consideration",
      "body.cells.0.personaId",
      "body.cells.0.industryId",
    ]);
    expect(JSON.stringify(body)).toContain("does not suit the awareness stage");

    // An expired fact no longer binds: refused too.
    const expiring = await buildFact(t, { proposer: editorUser, approver: adminUser }, "approved");
    expect((await admin.post(`/api/proof/facts/${expiring}/expire`)).statusCode).toBe(200);
    const expired = await editor.post("/api/campaigns", briefInput({ factIds: [expiring] }));
    expect(expired.statusCode).toBe(400);
    expect(expired.json<Issues>().message).toMatch(/expired/);

    const schema = await editor.post("/api/campaigns", { ...briefInput(), cells: [] });
    expect(schema.statusCode).toBe(400);
  });

  it("duplicates any brief as the caller's own copy", async () => {
    const brief = await create(editor, { name: "Spring launch" });
    const res = await otherEditor.post(`/api/campaigns/${brief.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<Ok<CampaignBrief>>().data;
    expect(copy).toMatchObject({
      name: "Copy of Spring launch",
      ownerId: (await userOf(otherEditor)).id,
      cells: brief.cells,
      factIds: brief.factIds,
      offers: brief.offers,
      can: { edit: true, run: true, delete: true },
    });
    expect(copy.id).not.toBe(brief.id);
    expect((await viewer.post(`/api/campaigns/${brief.id}/duplicate`)).statusCode).toBe(403);
  });

  it("exports one row per cell and imports the export back as a new brief", async () => {
    const brief = await create(editor, {
      name: "=HYPERLINK(evil)",
      objective: '-2 weeks to launch, then "pilot"; more',
      languages: ["en", "fr"],
    });
    const res = await viewer.get(`/api/campaigns/${brief.id}/export.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="brief-hyperlink-evil.csv"',
    );
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe(
      "name,objective,key_message,fact_ids,offer_awareness,offer_consideration,offer_decision,assets,article_content_type,languages,due_date,persona,industry,stage",
    );
    expect(lines).toHaveLength(1 + brief.cells.length);
    // Formula-looking cells carry the apostrophe a spreadsheet shows as text.
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(evil\)","'-2 weeks/);
    expect(lines[1]).toContain("article;linkedin;email-subjects");
    expect(lines[2]).toMatch(/,cto,industrial,decision$/);

    const imported = await importCsv(otherEditor, res.body);
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = imported.json<Ok<CampaignBrief>>().data;
    const strip = (b: CampaignBrief) => ({
      ...b,
      id: "",
      ownerId: "",
      ownerName: "",
      createdAt: "",
      updatedAt: "",
      can: null,
    });
    expect(strip(copy)).toEqual(strip(brief));
    expect(copy.ownerId).toBe((await userOf(otherEditor)).id);
    expect((await importCsv(viewer, res.body)).statusCode).toBe(403);
  });

  it("refuses an import with every problem named by row and column, storing nothing", async () => {
    const brief = await create(editor);
    const csv = (await viewer.get(`/api/campaigns/${brief.id}/export.csv`)).body;
    const [header, row2, row3] = csv.trim().split("\n") as [string, string, string];
    const broken = [
      header,
      row2.replace("vp-engineering", "ghost").replace("article;", "article;podcast;"),
      row3.replace("industrial,decision", "atlantis,someday").replace(",en,", ",en;xx,"),
      row2.replace("ROI Calculator", "Free Lunch"),
    ].join("\n");
    const before = (await list(viewer)).briefs.length;
    const res = await importCsv(editor, broken);
    expect(res.statusCode).toBe(400);
    const paths = res.json<Issues>().details.issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "row 2.persona",
        "row 3.industry",
        "row 3.stage",
        "row 3.assets",
        "row 3.languages",
        "row 4.offer_consideration",
        "row 2.assets",
      ]),
    );
    expect((await list(viewer)).briefs.length).toBe(before);

    const missing = await importCsv(editor, "name,objective\nx,y\n");
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Issues>().message).toMatch(/Missing columns/);
    const duplicateCells = await importCsv(editor, [header, row2, row2].join("\n"));
    expect(duplicateCells.statusCode).toBe(400);
    expect(duplicateCells.json<Issues>().message).toMatch(/Each cell once/);
  });
});
