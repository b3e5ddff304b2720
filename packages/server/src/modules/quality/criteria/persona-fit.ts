import type { QualityFinding } from "@content-studio/contract";
import { matcherFor } from "../phrases";
import { audienceHits, roleNames } from "../vocabulary";
import { unique, type Criterion } from "./criterion";
import { coverage, fitText } from "./coverage";

/**
 * The persona's pain points, goals and metrics addressed and the role named, from the
 * reference data; copy whose vocabulary belongs to another persona is a mismatch.
 */
export const personaFit: Criterion = {
  id: "personaFit",
  weight: 0.12,
  rationale:
    "A VP, a CTO and a product manager buy for different reasons; copy must speak to this one.",
  score(run) {
    const { doc, brief, reference, vocab } = run;
    const fit = fitText(run);
    const persona = brief.persona;
    const findings: QualityFinding[] = [];
    const gates: QualityFinding[] = [];
    const pains = coverage(
      unique([...persona.painPoints, ...persona.buyingJourney.awareness.painPoints]),
      fit,
    );
    const goals = coverage(persona.goals, fit);
    const metrics = coverage(persona.keyMetrics, fit);
    const named = (p: typeof persona) => matcherFor(roleNames(p)).find(doc.match).length > 0;
    const ownNamed = named(persona);

    // Distinctive words of each persona, plus a strong signal for a persona named in the copy.
    const hits = audienceHits(vocab.personas, doc.stems);
    const weight = (id: string, n: number) => {
      const p = reference.personas.find((x) => x.id === id);
      return n + (p && named(p) ? 3 : 0);
    };
    const own = weight(persona.id, hits.find((h) => h.id === persona.id)?.hits.length ?? 0);
    const rival = hits
      .filter((h) => h.id !== persona.id)
      .map((h) => ({ ...h, weight: weight(h.id, h.hits.length) }))
      .sort((a, b) => b.weight - a.weight)[0];
    const mismatch = rival !== undefined && rival.weight >= 4 && rival.weight > 1.5 * own + 1;

    const addressed = pains.addressed.length + goals.addressed.length + metrics.addressed.length;
    if (mismatch) {
      const f = { code: "persona_mismatch" as const, persona: persona.title, closer: rival.name };
      findings.push(f);
      gates.push(f);
    } else if (addressed === 0 && !ownNamed) {
      const f = { code: "persona_not_addressed" as const, persona: persona.title };
      findings.push(f);
      gates.push(f);
    }
    const example = pains.missing[0] ?? goals.missing[0];
    if (pains.addressed.length + goals.addressed.length < 2 && example) {
      findings.push({ code: "persona_concern_missing", persona: persona.title, example });
    }
    if (!ownNamed) findings.push({ code: "role_not_named", persona: persona.title });
    const score =
      (0.35 * Math.min(1, pains.addressed.length / 2) +
        0.3 * Math.min(1, goals.addressed.length / 2) +
        0.15 * Math.min(1, metrics.addressed.length) +
        0.2 * (ownNamed ? 1 : 0)) *
      (mismatch ? 0.4 : 1);
    return { score, findings, gates };
  },
};
