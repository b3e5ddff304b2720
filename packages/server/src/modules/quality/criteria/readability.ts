import { TARGET_SENTENCE_WORDS, type QualityFinding } from "@content-studio/contract";
import { fleschKincaidGrade, fleschReadingEase, type countReadability } from "../readability";
import type { Criterion } from "./criterion";

/**
 * Readability band for engineering executives: Flesch–Kincaid grade 9–14 (a college-educated
 * reader skimming between meetings) and Flesch reading ease 25–60 ("fairly difficult" to
 * "difficult"; technical vocabulary keeps B2B writing below 60, under 25 is academic-paper dense).
 */
export const READABILITY_TARGET = {
  grade: { min: 9, max: 14 },
  ease: { min: 25, max: 60 },
  /** Average words per sentence above which a piece reads as run-on. */
  maxAverageSentence: 25,
} as const;

/** Scores readability counts (computed once by the scorer for the report too). */
export function readabilityOf(counts: ReturnType<typeof countReadability>) {
  const grade = fleschKincaidGrade(counts);
  const ease = fleschReadingEase(counts);
  const { grade: gradeBand, ease: easeBand, maxAverageSentence } = READABILITY_TARGET;
  const gradeDistance =
    grade < gradeBand.min ? gradeBand.min - grade : Math.max(0, grade - gradeBand.max);
  const easeDistance = ease < easeBand.min ? easeBand.min - ease : Math.max(0, ease - easeBand.max);
  const average = counts.sentences > 0 ? counts.words / counts.sentences : 0;
  const longSentences = counts.sentenceLengths.filter((n) => n > 40).length;
  const findings: QualityFinding[] = [];
  const rounded = { grade: Math.round(grade * 10) / 10, ease: Math.round(ease * 10) / 10 };
  if (grade > gradeBand.max || ease < easeBand.min)
    findings.push({ code: "too_dense", ...rounded });
  // Short sentences are what the writers are asked for when they carry precise terms: "too
  // simple" is a low grade together with sentences shorter than the prompt's target.
  else if ((grade < gradeBand.min || ease > easeBand.max) && average < TARGET_SENTENCE_WORDS.min)
    findings.push({ code: "too_simple", ...rounded });
  if (longSentences > 0) findings.push({ code: "long_sentences", count: longSentences });
  const score =
    0.35 * Math.max(0, 1 - 0.15 * gradeDistance) +
    0.35 * Math.max(0, 1 - 0.025 * easeDistance) +
    0.3 *
      Math.max(0, 1 - Math.max(0, average - maxAverageSentence) / 20) *
      (longSentences > 0 ? 0.85 ** longSentences : 1);
  return { score, findings };
}

/** Flesch–Kincaid grade and reading ease against the executive band, and sentence length. */
export const readability: Criterion = {
  id: "readability",
  weight: 0.05,
  rationale: "A good piece can sit just outside the band, so this counts least.",
  score: ({ counts }) => readabilityOf(counts),
};
