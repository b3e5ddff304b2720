import type { CampaignBrief } from "@content-studio/contract";
import type { BriefOptions } from "./brief-editor-page";

/** A stored brief as the server answers it; every field can be overridden. */
export function buildBrief(overrides: Partial<CampaignBrief> = {}): CampaignBrief {
  return {
    id: "brief-1",
    name: "Should-cost launch",
    objective: "Book pilot conversations.",
    keyMessage: "See product cost while the design can still change.",
    factIds: ["fact-1"],
    offers: { awareness: "Benchmark Report", consideration: null, decision: "Pilot Plan" },
    cells: [
      { personaId: "cto", industryId: "aerospace", buyingStage: "awareness" },
      { personaId: "vp", industryId: "industrial", buyingStage: "decision" },
    ],
    assets: ["article", "linkedin"],
    articleContentType: "thought-leadership",
    languages: ["en", "de"],
    ownerId: "u-editor",
    ownerName: "Erin Editor",
    dueDate: "2027-01-15",
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-21T10:00:00.000Z",
    latestKit: null,
    can: { edit: true, run: true, delete: true },
    ...overrides,
  };
}

export const OPTIONS: BriefOptions = {
  personas: [
    { id: "cto", name: "CTO" },
    { id: "vp", name: "VP Engineering" },
  ],
  industries: [
    { id: "aerospace", name: "Aerospace" },
    { id: "industrial", name: "Industrial" },
  ],
  facts: [
    { id: "fact-1", statement: "35-45% fewer change orders.", detail: "35–45% · Company" },
    { id: "fact-2", statement: "Quotes 3x faster with NCS Pro.", detail: "3x · NCS Pro" },
  ],
  offers: [
    { name: "Benchmark Report", stages: ["awareness"] },
    { name: "ROI Calculator", stages: ["consideration", "decision"] },
    { name: "Pilot Plan", stages: ["decision"] },
  ],
  owners: null,
};
