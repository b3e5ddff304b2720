import type {
  ContentItem,
  GeneratedContent,
  OptimizeContentResult,
} from "@content-studio/contract";
import { isOutlineBody } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { useTestAppAs } from "../../../test/helper";
import { VALID_REQUEST, modelDraft } from "../../../test/support/generation";

type Ok<T> = { success: true; data: T };

describe("Optimize with the outline writer", () => {
  const [, editor] = useTestAppAs(["editor"]);

  const generate = async (body: Record<string, unknown> = {}) => {
    const res = await editor.post("/api/generate-content", { ...VALID_REQUEST, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Ok<GeneratedContent>>().data;
  };
  const optimize = async (id: string) => {
    const res = await editor.post(`/api/library/${id}/optimize`, {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Ok<OptimizeContentResult>>().data;
  };
  /** A generated item whose text an editor replaced with written copy. */
  const writtenItem = async (sections: Partial<ReturnType<typeof modelDraft>> = {}) => {
    const { contentItemId } = await generate();
    const draft = { ...modelDraft(), ...sections };
    const res = await editor.put(`/api/library/${contentItemId}`, {
      headline: draft.headline,
      introduction: draft.introduction,
      body: draft.body,
      conclusion: draft.conclusion,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Ok<ContentItem>>().data;
  };

  it("leaves an outline as it is and says why, without auto-refining it", async () => {
    const generated = await generate({ autoRefine: true });
    expect(isOutlineBody(generated.content.body)).toBe(true);
    expect(generated.qualityCheck?.refinementRounds).toBe(0);
    const result = await optimize(generated.contentItemId);
    expect(result.diff).toEqual([]);
    expect(result.candidate.body).toBe(generated.content.body);
    expect(result.after).toEqual(result.before);
    expect(result.note).toMatch(/^Nothing changed: this is an outline/);
  });

  it("removes the disparaging and absolute claims the check found, keeping the rest of the body", async () => {
    const disparaging = "Legacy costing vendors are useless for this work.";
    const absolute = "No other tool shows the cost of a design this early.";
    const item = await writtenItem({
      body: `${modelDraft().body}<p>${disparaging} ${absolute}</p>`,
    });
    const result = await optimize(item.id);
    // The check found both claims (as coded findings), and the refine acted on those codes.
    const codes = result.before.criteria.flatMap((c) => c.findings.map((f) => f.code));
    expect(codes).toEqual(expect.arrayContaining(["disparaging_claim", "absolute_claim"]));
    expect(result.candidate.body).not.toContain("useless");
    expect(result.candidate.body).not.toMatch(/no other tool/i);
    expect(result.candidate.body).toContain("<h2>Why cost surprises arrive late</h2>");
    // Only removed: no block the draft did not have.
    const blocks = (html: string) => (html.match(/<(?:p|li|h[1-6])\b/g) ?? []).length;
    expect(blocks(result.candidate.body)).toBeLessThanOrEqual(blocks(item.body));
    expect(result.note ?? null).toBeNull();
    expect(result.after.overall).toBeGreaterThanOrEqual(result.before.overall);
  });

  it("says there is nothing honest to improve when no finding names something it can remove", async () => {
    const item = await writtenItem();
    const result = await optimize(item.id);
    expect(result.diff).toEqual([]);
    expect(result.candidate.body).toBe(item.body);
    expect(result.note).toMatch(
      /^Nothing changed: there is nothing the offline outline writer can honestly improve here/,
    );
  });
});
