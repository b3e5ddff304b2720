import {
  DEFAULT_BANNED_PHRASES,
  QUALITY_CRITERIA,
  QUALITY_GATE_CAP,
  QualityReportSchema,
  type QualityReport,
} from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { type Agent, useTestAppAs } from "../../../test/helper";
import { loadShippedExamples } from "./shipped-examples";

const draft = {
  headline: "Why late engineering changes keep eroding aerospace program margins",
  introduction:
    "For a VP of Engineering on an aerostructures program, engineering change orders raised after design freeze arrive as schedule slips. Many are cost problems that were visible at the design review.",
  body: "<h2>Why changes arrive late</h2><p>Cost visibility follows the supply chain, not the design. By the time a quote arrives the drawing is under AS9100 configuration control.</p><h2>What leading programs do</h2><ul><li>Should-cost at PDR and CDR.</li><li>DFM rules tied to real suppliers.</li><li>One cost baseline.</li></ul><script>alert(1)</script>",
  conclusion:
    "Start by measuring how many of last year's changes were cost-driven with our ECO benchmark worksheet.",
  personaId: "vp-engineering",
  industryId: "aerospace",
  buyingStage: "awareness",
  contentType: "thought-leadership",
  keyMetricsToInclude: ["35-45% reduction in engineering change orders"],
};

describe("quality check routes", () => {
  const [t, viewer, editor, admin] = useTestAppAs(["viewer", "editor", "admin"]);

  const check = (body: unknown, as: Agent = viewer) => as.post("/api/quality-check", body);
  const exampleCount = async () =>
    Number(
      (
        await t.db
          .selectFrom("example")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses anonymous callers", async () => {
    expect((await t.anonymous.post("/api/quality-check", draft)).statusCode).toBe(401);
    expect((await t.anonymous.get("/api/settings/banned-phrases")).statusCode).toBe(401);
    expect(
      (await t.anonymous.put("/api/settings/banned-phrases", { phrases: [] })).statusCode,
    ).toBe(401);
  });

  it("scores content for a viewer with the full breakdown and stores nothing", async () => {
    const before = await exampleCount();
    const res = await check(draft);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ success: boolean; data: QualityReport }>();
    expect(body.success).toBe(true);
    const report = QualityReportSchema.parse(body.data);
    expect(report.criteria.map((c) => c.id)).toEqual([...QUALITY_CRITERIA]);
    expect(report.overall).toBeGreaterThan(0);
    expect(report.overall).toBeLessThanOrEqual(1);
    expect(report.readability.words).toBeGreaterThan(50);
    // The script is sanitised away before scoring.
    expect(report.readability.words).toBeLessThan(120);
    // No examples yet: the similarity criterion is left out.
    expect(report.nearestExamples).toEqual([]);
    expect(report.criteria.find((c) => c.id === "benchmarkSimilarity")?.weight).toBe(0);
    expect(await exampleCount()).toBe(before);
    // Same input, same answer.
    expect((await check(draft)).json()).toEqual(body);
  });

  it("shows the nearest examples once examples exist, refreshing as they change", async () => {
    const shipped = loadShippedExamples().filter((e) =>
      ["good/aerospace-vp-ecos-awareness.md", "bad/aerospace-cto-buzzwords-decision.md"].includes(
        e.path,
      ),
    );
    for (const e of shipped) {
      const res = await editor.post("/api/examples", {
        title: e.title,
        category: e.category,
        contentType: e.contentType,
        personaId: e.personaId,
        industryId: e.industryId,
        buyingStage: e.buyingStage,
        headline: e.headline,
        introduction: e.introduction,
        body: e.body,
        conclusion: e.conclusion,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const first = QualityReportSchema.parse((await check(draft)).json<{ data: unknown }>().data);
    expect(first.nearestExamples.map((n) => n.category)).toEqual(["good", "bad"]);
    expect(first.nearestExamples[0]).toMatchObject({
      title: "Cutting Late ECOs in Aerospace Structures Programs",
    });
    expect(first.nearestExamples[0]!.similarity).toBeGreaterThan(
      first.nearestExamples[1]!.similarity,
    );
    const similarity = first.criteria.find((c) => c.id === "benchmarkSimilarity")!;
    expect(similarity.weight).toBeGreaterThan(0);
    expect(similarity.score).toBeGreaterThan(0.5);

    // A new example is seen by the very next check (the cached index is rebuilt).
    const added = await editor.post("/api/examples", {
      title: "Aerospace change orders, copied",
      category: "bad",
      contentType: "thought-leadership",
      personaId: "vp-engineering",
      industryId: "aerospace",
      headline: draft.headline,
      introduction: draft.introduction,
      body: "Cost visibility follows the supply chain, not the design. AS9100 configuration control.",
      conclusion: draft.conclusion,
    });
    expect(added.statusCode, added.body).toBe(201);
    const second = QualityReportSchema.parse((await check(draft)).json<{ data: unknown }>().data);
    expect(second.nearestExamples[0]).toMatchObject({
      title: "Aerospace change orders, copied",
      category: "bad",
    });
    expect(second.criteria.find((c) => c.id === "benchmarkSimilarity")!.score).toBeLessThan(
      similarity.score,
    );
  });

  it("answers 400 validation_error for missing fields with their paths", async () => {
    const { headline: _h, conclusion: _c, ...rest } = draft;
    const res = await check(rest);
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      success: boolean;
      code: string;
      details: { issues: { path: string }[] };
    }>();
    expect(body).toMatchObject({ success: false, code: "validation_error" });
    expect(body.details.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(["body.headline", "body.conclusion"]),
    );
    expect((await check({ ...draft, buyingStage: "purchase" })).statusCode).toBe(400);
    expect((await check({ ...draft, body: "   " })).statusCode).toBe(400);
  });

  it("reports on hostile text (a 2,500-character word) instead of failing", async () => {
    const word = "a".repeat(2_500);
    const res = await check({
      ...draft,
      introduction: `Intro ${word}`,
      body: `<p>${word} and more.</p><p>${word}</p>`,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const report = QualityReportSchema.parse(res.json<{ data: unknown }>().data);
    expect(report.overall).toBeLessThanOrEqual(QUALITY_GATE_CAP);
  });

  it("answers 400 validation_error for an unknown persona or industry", async () => {
    const res = await check({ ...draft, personaId: "ceo" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: "validation_error",
      message: "Unknown persona 'ceo'.",
      details: { issues: [{ path: "body.personaId", message: "Unknown persona 'ceo'." }] },
    });
    const industry = await check({ ...draft, industryId: "retail" });
    expect(industry.statusCode).toBe(400);
    expect(industry.json<{ message: string }>().message).toBe("Unknown industry 'retail'.");
  });

  it("serves the default banned phrases to any signed-in user", async () => {
    const res = await viewer.get("/api/settings/banned-phrases");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { phrases: [...DEFAULT_BANNED_PHRASES], can: { edit: false } },
    });
  });

  it("lets only admins change the banned phrases, effective on the next check", async () => {
    const phrases = { phrases: ["  design   review ", "Design Review", "schedule slips"] };
    expect((await viewer.put("/api/settings/banned-phrases", phrases)).statusCode).toBe(403);
    expect((await editor.put("/api/settings/banned-phrases", phrases)).statusCode).toBe(403);
    expect((await admin.put("/api/settings/banned-phrases", { phrases: ["x"] })).statusCode).toBe(
      400,
    );

    const bannedFound = (r: QualityReport) =>
      r.criteria.flatMap((c) =>
        c.findings.flatMap((f) => (f.code === "banned_phrase" ? [f.phrase] : [])),
      );
    const before = QualityReportSchema.parse((await check(draft)).json<{ data: unknown }>().data);
    expect(bannedFound(before)).toEqual([]);

    const saved = await admin.put("/api/settings/banned-phrases", phrases);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      data: { phrases: ["design review", "schedule slips"], can: { edit: true } },
    });
    expect((await viewer.get("/api/settings/banned-phrases")).json()).toEqual({
      success: true,
      data: { phrases: ["design review", "schedule slips"], can: { edit: false } },
    });

    const after = QualityReportSchema.parse((await check(draft)).json<{ data: unknown }>().data);
    // In order of first appearance in the text.
    expect(bannedFound(after)).toEqual(["schedule slips", "design review"]);
    const style = (r: QualityReport) => r.criteria.find((c) => c.id === "style")!.score;
    expect(style(after)).toBeLessThan(style(before));

    // An empty list switches the criterion's phrase check off.
    expect((await admin.put("/api/settings/banned-phrases", { phrases: [] })).statusCode).toBe(200);
    const none = QualityReportSchema.parse((await check(draft)).json<{ data: unknown }>().data);
    expect(bannedFound(none)).toEqual([]);
  });
});
