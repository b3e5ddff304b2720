import { DEFAULT_BANNED_PHRASES, type QualityReport } from "@content-studio/contract";
import { INDUSTRIES, PERSONAS } from "../../src/db/seed/reference-data";
import { scoreContent } from "../../src/modules/quality/scorer";
import {
  loadShippedExamples,
  seedContext,
  shippedIndex,
} from "../../src/modules/quality/shipped-examples";
import { MEDICAL_DEVICES, type JudgeFixture } from "../fixtures/judge";

/** Probability that a random positive outscores a random negative (ties count half). */
export function rocAuc(positives: number[], negatives: number[]): number {
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

/**
 * Scores a judge fixture against its brief as the quality check does, with the shipped examples
 * as neighbours and the seeded industries plus the one that exists only in the fixtures.
 */
export function judgeFixtureScorer(): (f: JudgeFixture) => QualityReport {
  const index = shippedIndex(loadShippedExamples());
  const industries = [...INDUSTRIES, MEDICAL_DEVICES];
  return (f) =>
    scoreContent(
      {
        ...f.draft,
        persona: PERSONAS.find((p) => p.id === f.brief.personaId)!,
        industry: industries.find((i) => i.id === f.brief.industryId)!,
        buyingStage: f.brief.buyingStage,
        contentType: f.brief.contentType,
        topic: f.brief.topic,
        keyMetrics: f.brief.keyMetrics ?? [],
      },
      seedContext(index, DEFAULT_BANNED_PHRASES, { industries }),
    );
}
