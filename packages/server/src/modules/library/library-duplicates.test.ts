import type { LibraryItemDetail, QualityReport } from "@content-studio/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestAppAs } from "../../../test/helper";
import { CONCLUSION, INTRO, SECTIONS } from "../../../test/support/written-piece";
import { insertTestItem } from "../../../test/support/library";

type Ok<T> = { success: true; data: T };

const html = (sections: string[][]) =>
  sections.map(([h, p]) => `<h3>${h}</h3><p>${p}</p>`).join("");

/** The gearbox piece as a quality-check request, with its own headline. */
function request(headline: string, sections = SECTIONS) {
  return {
    headline,
    introduction: INTRO,
    body: html(sections),
    conclusion: CONCLUSION,
    personaId: "director-engineering",
    industryId: "industrial",
    buyingStage: "awareness",
    contentType: "thought-leadership",
    contentTopic: "Where the cost of cast gearbox housings is decided",
  };
}

const libraryCopy = (r: QualityReport) =>
  r.findings.find((f) => f.code === "benchmark_copy" && f.source === "library");

describe("the duplicate gate compares copy with the items in the Library", () => {
  const [t, editor] = useTestAppAs(["editor"]);
  let stored: string;

  beforeAll(async () => {
    const session = await editor.get("/api/session");
    // The editor's own item (editors trash only their own drafts).
    const editorId = session.json<{ data: { user: { id: string } } }>().data.user.id;
    stored = await insertTestItem(t.db, {
      createdBy: editorId,
      title: "Gearbox housing cost, decided early",
      body: html(SECTIONS),
      personaId: "director-engineering",
      industryId: "industrial",
    });
  });

  async function check(body: object): Promise<QualityReport> {
    const res = await editor.post("/api/quality-check", body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Ok<QualityReport>>().data;
  }

  it("caps copy that restates a stored item, naming the item", async () => {
    const report = await check(request("Casting cost starts on the drawing board"));
    expect(report.cappedBy).toContain("benchmark_copy");
    expect(libraryCopy(report)).toMatchObject({ title: "Gearbox housing cost, decided early" });
  });

  it("caps it with words changed here and there", async () => {
    const reworded = SECTIONS.map(([h, p]) => [
      h!,
      p!
        .replace(/carries its cost/g, "holds its cost")
        .replace(/quiet driver/g, "hidden driver")
        .replace(/over-conservative/g, "overly cautious")
        .replace(/Ask /g, "Find out "),
    ]);
    const report = await check(request("Casting cost starts on the drawing board", reworded));
    expect(libraryCopy(report)).toBeDefined();
  });

  it("lets the item itself and its duplicates be re-checked without the gate", async () => {
    const own = await editor.post(`/api/library/${stored}/quality-check`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<Ok<LibraryItemDetail>>().data.qualityReport?.cappedBy).not.toContain(
      "benchmark_copy",
    );
    const dup = await editor.post(`/api/library/${stored}/duplicate`);
    expect(dup.statusCode, dup.body).toBe(201);
    const copyId = dup.json<Ok<LibraryItemDetail>>().data.id;
    for (const id of [stored, copyId]) {
      const res = await editor.post(`/api/library/${id}/quality-check`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Ok<LibraryItemDetail>>().data.qualityReport?.cappedBy).not.toContain(
        "benchmark_copy",
      );
    }
  });

  it("forgets an item moved to the Trash", async () => {
    const res = await editor.delete(`/api/library/${stored}`);
    expect(res.statusCode, res.body).toBe(200);
    // Its duplicate is still in the Library: trash it too, then the copy is new work again.
    const page = await editor.get("/api/library?q=gearbox");
    const others = page.json<Ok<{ items: { id: string }[] }>>().data.items;
    for (const item of others) await editor.delete(`/api/library/${item.id}`);
    const report = await check(request("Casting cost starts on the drawing board"));
    expect(libraryCopy(report)).toBeUndefined();
  });
});
