import type { CampaignBrief, Kit, KitStep, KitStepStatus } from "@content-studio/contract";
import type { BriefOptions } from "../src/features/campaigns/components/brief-editor-page";

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

/** One step of a kit; every field can be overridden. */
export function buildKitStep(overrides: Partial<KitStep> = {}): KitStep {
  return {
    id: "step-1",
    cellKey: "cto|aerospace|awareness",
    personaId: "cto",
    industryId: "aerospace",
    buyingStage: "awareness",
    language: "en",
    asset: "article",
    status: "done",
    attempts: 1,
    reason: null,
    contentItemId: "item-1",
    itemStatus: "draft",
    qualityScore: 0.82,
    findings: [],
    startedAt: "2026-11-27T10:00:00.000Z",
    finishedAt: "2026-11-27T10:00:20.000Z",
    ...overrides,
  };
}

const CTO = { cellKey: "cto|aerospace|awareness", personaId: "cto", industryId: "aerospace" };
const VP = {
  cellKey: "vp|industrial|decision",
  personaId: "vp",
  industryId: "industrial",
  buyingStage: "decision" as const,
};

/**
 * A finished kit of the brief above: two cells, article and LinkedIn post in English and
 * German. German is skipped (English-only writer), one VP article failed, one has findings.
 */
export function buildKit(overrides: Partial<Kit> = {}): Kit {
  const steps = [
    buildKitStep({
      ...CTO,
      id: "s-1",
      findings: [
        { code: "kit.number-mismatch", message: "The article says 40%, the fact 35-45%." },
      ],
    }),
    buildKitStep({
      ...CTO,
      id: "s-2",
      asset: "linkedin",
      contentItemId: "item-2",
      qualityScore: null,
    }),
    buildKitStep({
      ...CTO,
      id: "s-3",
      language: "de",
      status: "skipped",
      reason: "The outline writer writes English only.",
      contentItemId: null,
      qualityScore: null,
    }),
    buildKitStep({
      ...VP,
      id: "s-4",
      status: "failed",
      reason: "The writer timed out.",
      attempts: 3,
      contentItemId: null,
      qualityScore: null,
    }),
    buildKitStep({
      ...VP,
      id: "s-5",
      asset: "linkedin",
      contentItemId: "item-5",
      qualityScore: null,
    }),
  ];
  return {
    id: "kit-1",
    briefId: "brief-1",
    briefName: "Should-cost launch",
    status: "done",
    createdAt: "2026-11-27T10:00:00.000Z",
    finishedAt: "2026-11-27T10:02:10.000Z",
    elapsedMs: 130_000,
    estimateMs: null,
    counts: { queued: 0, writing: 0, checking: 0, done: 3, failed: 1, skipped: 1 },
    steps,
    notices: ["The outline writer writes English only: German will not be written."],
    can: { cancel: false, resume: true, retry: true, submit: true },
    ...overrides,
  };
}

/** Step counts per status, zero where not given (the server always sends every status). */
export const kitCounts = (counts: Partial<Record<KitStepStatus, number>>) => ({
  queued: 0,
  writing: 0,
  checking: 0,
  done: 0,
  failed: 0,
  skipped: 0,
  ...counts,
});
