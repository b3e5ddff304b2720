import type { QualityFinding } from "@content-studio/contract";
import { matcherFor } from "../phrases";
import { tokenize } from "../text";
import { audienceHits } from "../vocabulary";
import { unique, type Criterion } from "./criterion";
import { coverage, fitText } from "./coverage";

/**
 * The industry named, its distinctive vocabulary used and its challenges addressed, from the
 * reference data; copy whose vocabulary belongs to another industry is a mismatch.
 */
export const industryFit: Criterion = {
  id: "industryFit",
  weight: 0.1,
  rationale:
    "Engineering leaders discard copy that does not know their parts, programs and regulations.",
  score(run) {
    const { doc, brief, vocab } = run;
    const industry = brief.industry;
    const findings: QualityFinding[] = [];
    const gates: QualityFinding[] = [];
    // The name in any inflection ("medical device" for "Medical Devices"), or one of its companies.
    const nameStems = tokenize(industry.name);
    const named =
      (nameStems.length > 0 && nameStems.every((s) => doc.stems.has(s))) ||
      matcherFor(unique([industry.name, ...industry.companies])).find(doc.match).length > 0;
    const hits = audienceHits(vocab.industries, doc.stems);
    const own = hits.find((h) => h.id === industry.id)?.hits ?? [];
    const rival = hits.find((h) => h.id !== industry.id);
    const challenges = coverage(
      unique([...industry.topChallenges, ...industry.keyDrivers]),
      fitText(run),
    );
    const mismatch =
      rival !== undefined && rival.hits.length >= 3 && rival.hits.length > 1.5 * own.length + 1;
    if (mismatch) {
      const f = {
        code: "industry_mismatch" as const,
        industry: industry.name,
        closer: rival.name,
        terms: rival.hits.slice(0, 6),
      };
      findings.push(f);
      gates.push(f);
    }
    if (!named) findings.push({ code: "industry_not_named", industry: industry.name });
    if (challenges.addressed.length < 2 && challenges.missing[0]) {
      findings.push({
        code: "industry_challenge_missing",
        industry: industry.name,
        example: challenges.missing[0],
      });
    }
    if (own.length < 4) {
      findings.push({
        code: "industry_vocabulary_thin",
        industry: industry.name,
        examples: challenges.missing.slice(0, 2),
      });
    }
    const score =
      (0.2 * (named ? 1 : 0) +
        0.45 * Math.min(1, own.length / 4) +
        0.35 * Math.min(1, challenges.addressed.length / 2)) *
      (mismatch ? 0.4 : 1);
    return { score, findings, gates };
  },
};
