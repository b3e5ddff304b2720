import { INDUSTRIES, PERSONAS } from "../../src/db/seed/reference-data";
import type { ContentInput } from "../../src/modules/quality/scorer";

/**
 * A competent piece written for the tests of the quality check's gates (never a judge-dev piece):
 * an Industrial Director of Engineering, awareness, on where a cast gearbox housing's cost is
 * decided. It meets the standard as it is; tests change one thing and look for the gate.
 */
export const director = PERSONAS.find((p) => p.id === "director-engineering")!;
export const industrial = INDUSTRIES.find((i) => i.id === "industrial")!;

export const INTRO =
  "An Industrial Director of Engineering who signs off gearbox housings knows the quote arrives after the geometry is frozen. This piece shows where the cost of a cast housing is decided and how a design review can see it while the model is still open.";
export const SECTIONS = [
  [
    "Where the cost of a cast housing sits",
    "A grey-iron gearbox housing carries its cost in three places: the pattern and core boxes, the metal poured per casting, and the machining of bores and faces afterwards. Cores are the quiet driver, because every internal cavity needs one and each core adds sand, setting time and scrap risk at the foundry.",
  ],
  [
    "What the drawing decides",
    "Wall thickness sets the poured weight and the cooling time, so an over-conservative wall costs iron on every part. Bearing bores with tight positional tolerance force a second machining setup, and a datum scheme that ignores how the part is fixtured adds a third.",
  ],
  [
    "Questions for the next design review",
    "Ask how many cores the housing needs and whether a split line change removes one. Ask which tolerances drive a setup, and whether the functional requirement really needs them. Ask the foundry for its yield on the heaviest section before the pattern is cut.",
  ],
];
export const CONCLUSION =
  "Take these three questions into your next design review, and compare the answers with the quotes you received on the last housing program.";

export function piece(
  overrides: Partial<ContentInput> & { sections?: string[][] } = {},
): ContentInput {
  const sections = overrides.sections ?? SECTIONS;
  return {
    headline: "Where a gearbox housing's cost is decided before the foundry quotes",
    introduction: INTRO,
    body: sections.map(([h, p]) => `<h3>${h}</h3><p>${p}</p>`).join(""),
    conclusion: CONCLUSION,
    persona: director,
    industry: industrial,
    buyingStage: "awareness",
    contentType: "thought-leadership",
    topic: "Where the cost of cast gearbox housings is decided",
    keyMetrics: [],
    ...overrides,
  };
}
