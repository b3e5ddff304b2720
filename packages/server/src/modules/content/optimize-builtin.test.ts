import type {
  ContentItem,
  GeneratedContent,
  OptimizeContentResult,
} from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";
import { VALID_REQUEST } from "../../../test/support/generation";

type Ok<T> = { success: true; data: T };

describe("Optimize with the template writer", () => {
  let t: TestApp;
  let editor: Agent;

  beforeAll(async () => {
    t = await buildTestApp();
    editor = await t.signInAs("editor");
  });
  afterAll(() => t.close());

  const generate = async (body: Record<string, unknown> = {}) => {
    const res = await editor.post("/api/generate-content", { ...VALID_REQUEST, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Ok<GeneratedContent>>().data.contentItemId;
  };
  const optimize = async (id: string) => {
    const res = await editor.post(`/api/content/${id}/optimize`, {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Ok<OptimizeContentResult>>().data;
  };

  it("changes something on a draft below 100 %, or says why it cannot, round after round", async () => {
    const id = await generate();
    let changedOnce = false;
    for (let round = 0; round < 6; round++) {
      const result = await optimize(id);
      if (result.before.overall >= 1) break;
      if (result.diff.length > 0) {
        changedOnce = true;
        expect(result.note ?? null).toBeNull();
        const kept = await editor.put(`/api/content/${id}`, result.candidate);
        expect(kept.statusCode, kept.body).toBe(200);
      } else {
        expect(result.note).toMatch(/^Nothing changed: .{20,}/);
        break;
      }
    }
    expect(changedOnce).toBe(true);
  });

  it("removes the disparaging and absolute claims the check found, keeping the rest of the body", async () => {
    const id = await generate();
    const got = await editor.get(`/api/content/${id}`);
    expect(got.statusCode, got.body).toBe(200);
    const item = got.json<Ok<ContentItem>>().data;
    const disparaging = "Legacy costing vendors are useless for this work.";
    const absolute = "No other tool shows the cost of a design this early.";
    const edited = await editor.put(`/api/content/${id}`, {
      headline: item.headline,
      introduction: item.introduction,
      body: `${item.body}<p>${disparaging} ${absolute}</p>`,
      conclusion: item.conclusion,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const result = await optimize(id);
    // The check found both claims (as coded findings), and the refine acted on those codes.
    const codes = result.before.criteria.flatMap((c) => c.findings.map((f) => f.code));
    expect(codes).toEqual(expect.arrayContaining(["disparaging_claim", "absolute_claim"]));
    expect(result.candidate.body).not.toContain("useless");
    expect(result.candidate.body).not.toMatch(/no other tool/i);
    const firstParagraph = /<p>([^<]{20,})<\/p>/.exec(item.body)![1]!;
    expect(result.candidate.body).toContain(firstParagraph);
  });

  it("repairs an edited draft that lost its topic and states an invented figure", async () => {
    const id = await generate();
    const res = await editor.put(`/api/content/${id}`, {
      headline: "Our take",
      introduction: "Customers saw a 73% drop in costs. We think this matters.",
      body: "<p>Our customers save $4.2M a year.</p>",
      conclusion: "Buy now.",
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json<Ok<ContentItem>>().data;
    expect(item.qualityAfter).toBeLessThan(1);
    const result = await optimize(id);
    expect(result.diff.map((d) => d.section).sort()).toEqual(
      ["body", "conclusion", "headline", "introduction"].sort(),
    );
    const text = Object.values(result.candidate).join(" ");
    expect(text).not.toMatch(/73%|4\.2M|Buy now/);
    expect(result.candidate.introduction.toLowerCase()).toContain(
      VALID_REQUEST.contentTopic.toLowerCase().split(" ")[0]!,
    );
  });
});
