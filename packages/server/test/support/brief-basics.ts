import type { CampaignBriefInput } from "@content-studio/contract";

/**
 * The fields of a valid campaign brief over the seeded reference data other than its name,
 * cells and assets: shared by the tests' briefInput (factories.ts) and the kit bench.
 */
export const BRIEF_BASICS = {
  objective: "Book pilot conversations with engineering leaders.",
  keyMessage: "See product cost while the design can still change.",
  factIds: ["fact-catalogue-m1"],
  offers: {
    awareness: "Should-Cost Benchmark Report",
    consideration: "ROI Calculator",
    decision: "90-Day Pilot Plan",
  },
  articleContentType: "thought-leadership",
  languages: ["en"],
  dueDate: "2027-01-15",
} satisfies Partial<CampaignBriefInput>;
