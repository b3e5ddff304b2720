import type { FactInput, FactStructure } from "@content-studio/contract";
import { deriveFactStructure } from "../../lib/language/fact-structure";

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

/**
 * What the shipped catalogue's key metrics measure and which way they go, written out so a new
 * database binds them exactly (the same values the 2026-11-27 migration gave existing ones).
 */
const CATALOGUE_STRUCTURES: Record<string, FactStructure> = {
  "35-45% reduction in engineering change orders": {
    measure: "engineering change orders",
    metric: "count",
    direction: "reduction",
  },
  "20-30% decrease in time-to-market": {
    measure: "time-to-market",
    metric: "time",
    direction: "reduction",
  },
  "15-20% reduction in product cost": {
    measure: "product cost",
    metric: "cost",
    direction: "reduction",
  },
  "25-35% improvement in first-time quality": {
    measure: "first-time quality",
    metric: "rate",
    direction: "increase",
  },
  "40-50% faster design cycle time": {
    measure: "design cycle time",
    metric: "time",
    direction: "reduction",
  },
};

/**
 * A company catalogue key metric as a fact (approved: the catalogue is the company's own
 * claim). Its structure is the shipped one for the shipped metrics, else derived from the
 * statement; null when the label has no figure.
 */
export function catalogueFact(label: string): FactInput {
  const figure = metricFigure(label);
  const statement = `Customers see a ${label}.`;
  return {
    statement,
    value: figure?.value ?? null,
    valueMax: figure?.valueMax ?? null,
    unit: figure ? "%" : null,
    subjectType: "company",
    subjectId: null,
    source: CATALOGUE_FACT_SOURCE,
    owner: "Marketing",
    expiresOn: null,
    isSample: false,
    structure: figure ? (CATALOGUE_STRUCTURES[label] ?? deriveFactStructure(statement)) : null,
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
    structure: {
      measure: "should-cost estimates for machined parts",
      metric: "accuracy",
      direction: "level",
    },
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
    structure: {
      measure: "savings opportunities in direct-material spend",
      metric: "cost",
      direction: "share",
    },
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
    structure: null,
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
    structure: { measure: "supplier quote review rounds", metric: "count", direction: "reduction" },
  },
];
