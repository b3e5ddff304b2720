import type { FactInput } from "@content-studio/contract";

/** Source of the facts seeded from the company catalogue's key metrics. */
export const CATALOGUE_FACT_SOURCE = "company catalogue, to be replaced with your evidence";

/** The figure in a metric label such as "35-45% reduction in engineering change orders". */
export function metricFigure(label: string): { value: number; valueMax: number | null } | null {
  const m = /(\d+(?:\.\d+)?)\s*%?\s*(?:-|–|to)\s*(\d+(?:\.\d+)?)\s*%|(\d+(?:\.\d+)?)\s*%/.exec(
    label,
  );
  if (!m) return null;
  if (m[3]) return { value: Number(m[3]), valueMax: null };
  return { value: Number(m[1]), valueMax: Number(m[2]) };
}

/** A company catalogue key metric as a fact (approved: the catalogue is the company's own claim). */
export function catalogueFact(label: string): FactInput {
  const figure = metricFigure(label);
  return {
    statement: `Customers see a ${label}.`,
    value: figure?.value ?? null,
    valueMax: figure?.valueMax ?? null,
    unit: figure ? "%" : null,
    subjectType: "company",
    subjectId: null,
    source: CATALOGUE_FACT_SOURCE,
    owner: "Marketing",
    expiresOn: null,
    isSample: false,
  };
}

/**
 * Sample proof points for the featured solutions, shipped so the library is not empty and
 * clearly marked as samples: replace them with the company's own evidence.
 */
export const SAMPLE_FACTS: (FactInput & { id: string })[] = [
  {
    id: "fact-sample-generate-accuracy",
    statement:
      "NCS Generate should-cost estimates for machined parts land within 8% of accepted supplier quotes.",
    value: 8,
    valueMax: null,
    unit: "%",
    subjectType: "solution",
    subjectId: "generate",
    source: "Sample: pilot accuracy study, section 3 (replace with your evidence)",
    owner: "Product Marketing",
    expiresOn: null,
    isSample: true,
  },
  {
    id: "fact-sample-analytics-savings",
    statement:
      "NCS Analytics finds savings opportunities of 6-10% of analysed direct-material spend.",
    value: 6,
    valueMax: 10,
    unit: "%",
    subjectType: "solution",
    subjectId: "analytics",
    source: "Sample: spend analysis review, appendix B (replace with your evidence)",
    owner: "Product Marketing",
    expiresOn: null,
    isSample: true,
  },
  {
    id: "fact-sample-workspace-baseline",
    statement:
      "NCS Workspace gives engineering, procurement and finance one shared cost baseline for every program.",
    value: null,
    valueMax: null,
    unit: null,
    subjectType: "solution",
    subjectId: "workspace",
    source: "Sample: product documentation, overview page (replace with your evidence)",
    owner: "Product Marketing",
    expiresOn: null,
    isSample: true,
  },
  {
    id: "fact-sample-aerospace-quotes",
    statement:
      "Aerospace customers challenge supplier quotes for castings and forgings with a bottom-up should-cost in 2x fewer review rounds.",
    value: 2,
    valueMax: null,
    unit: "x",
    subjectType: "industry",
    subjectId: "aerospace",
    source: "Sample: customer advisory board notes, 2026 (replace with your evidence)",
    owner: "Product Marketing",
    expiresOn: null,
    isSample: true,
  },
];
