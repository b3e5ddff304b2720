import { SECTION_WORD_RANGES, type QualityFinding } from "@content-studio/contract";
import { countWords } from "../text";
import { excerpt, type Criterion } from "./criterion";

function band(value: number, ideal: [number, number], fair: [number, number]): number {
  if (value >= ideal[0] && value <= ideal[1]) return 1;
  if (value >= fair[0] && value <= fair[1]) return 0.6;
  return 0.25;
}

/** The ideal band of each section, as the writers' prompts state it. */
const LIMITS = Object.fromEntries(
  Object.entries(SECTION_WORD_RANGES).map(([k, r]) => [k, [r.min, r.max]]),
) as Record<keyof typeof SECTION_WORD_RANGES, [number, number]>;

/** Section lengths, subheadings, paragraph length and a list for parallel points. */
export const structure: Criterion = {
  id: "structure",
  weight: 0.1,
  rationale: "Executives skim: a specific headline, short sections and subheadings let them.",
  score({ doc }) {
    const findings: QualityFinding[] = [];
    const words = {
      headline: countWords(doc.headline),
      introduction: countWords(doc.introduction),
      body: countWords(doc.bodyText),
      conclusion: countWords(doc.conclusion),
    };
    const headings = doc.blocks.filter((b) => b.kind === "heading").length;
    const items = doc.blocks.filter((b) => b.kind === "item").length;
    const longest = doc.blocks
      .filter((b) => b.kind !== "heading")
      .reduce<{ words: number; text: string }>(
        (best, p) => {
          const n = countWords(p.text);
          return n > best.words ? { words: n, text: p.text } : best;
        },
        { words: 0, text: "" },
      );
    const scores = {
      headline: band(words.headline, LIMITS.headline, [4, 26]),
      introduction: band(words.introduction, LIMITS.introduction, [15, 200]),
      body:
        words.body >= LIMITS.body[0] && words.body <= LIMITS.body[1]
          ? 1
          : words.body >= 150
            ? 0.6
            : 0.25,
      conclusion: band(words.conclusion, LIMITS.conclusion, [8, 150]),
    };
    for (const section of ["headline", "introduction", "body", "conclusion"] as const) {
      if (scores[section] < 1) {
        findings.push({
          code: "section_length",
          section,
          words: words[section],
          min: LIMITS[section][0],
          max: LIMITS[section][1],
        });
      }
    }
    const headingScore = headings >= 2 ? 1 : headings === 1 ? 0.5 : 0;
    if (headingScore < 1)
      findings.push({ code: "few_subheadings", count: headings, words: words.body });
    const paragraphScore = longest.words <= 120 ? 1 : longest.words <= 180 ? 0.5 : 0.1;
    if (paragraphScore < 1) {
      findings.push({
        code: "long_paragraph",
        words: longest.words,
        start: excerpt(longest.text, 8),
      });
    }
    const scanScore = items >= 3 ? 1 : 0.6;
    if (scanScore < 1 && words.body >= 250) findings.push({ code: "no_list" });
    return {
      score:
        0.15 * scores.headline +
        0.1 * scores.introduction +
        0.15 * scores.body +
        0.1 * scores.conclusion +
        0.2 * headingScore +
        0.2 * paragraphScore +
        0.1 * scanScore,
      findings,
    };
  },
};
