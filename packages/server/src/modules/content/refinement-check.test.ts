import { describe, expect, it } from "vitest";
import { PERSONAS } from "../../db/seed/reference-data";
import type { DraftContent } from "../ai/writer";
import { contentBrief } from "../../../test/support/content";
import { appendedBoilerplate } from "./refinement-check";

const persona = PERSONAS[0]!;
const brief = contentBrief({
  persona,
  buyingStage: "awareness",
  contentType: "thought-leadership",
  topic: "Supplier quotes on machined brackets",
  solutions: [],
  companyDescription: "",
  offers: [],
  approvedFacts: [
    {
      id: "a",
      statement: "Supplier quotes landed within 6% of the modelled cost on 80 brackets",
      value: 6,
      unit: "%",
    },
    {
      id: "b",
      statement: "Review cycles for wiring harnesses fell by 3 days",
      value: 3,
      unit: null,
    },
  ],
});
const draft: DraftContent = {
  headline: "Supplier quotes on machined brackets",
  introduction: "Quotes for brackets vary widely.",
  body: "<h2>Quotes</h2><p>Machined bracket quotes depend on setups and stock size.</p>",
  conclusion: "Compare one quote with your own model.",
  imagePrompt: "A bracket",
};
const withBody = (extra: string) => ({ ...draft, body: draft.body + extra });

describe("appendedBoilerplate", () => {
  it("refuses a paragraph that is a sentence of the reference data", () => {
    const pasted = `<p>${persona.painPoints[0]!}.</p>`;
    expect(appendedBoilerplate(brief, draft, withBody(pasted))).toBe("boilerplate_appended");
  });

  it("refuses approved facts listed together", () => {
    const list = `<ul>${brief.approvedFacts!.map((f) => `<li>${f.statement}</li>`).join("")}</ul>`;
    expect(appendedBoilerplate(brief, draft, withBody(list))).toBe("boilerplate_appended");
  });

  it("accepts a fact in a passage about its subject, refuses it in one about something else", () => {
    const fits = `<p>On brackets, ${brief.approvedFacts![0]!.statement.toLowerCase()}.</p>`;
    expect(appendedBoilerplate(brief, draft, withBody(fits))).toBeNull();
    const elsewhere = `<h2>Paint lines</h2><p>Paint shops run two shifts. ${brief.approvedFacts![1]!.statement}.</p>`;
    expect(appendedBoilerplate(brief, draft, withBody(elsewhere))).toBe("fact_out_of_place");
  });

  it("accepts a candidate that only removes text", () => {
    expect(appendedBoilerplate(brief, withBody("<p>Extra words here.</p>"), draft)).toBeNull();
  });
});
