import {
  BUYING_STAGES,
  type BuyingStage,
  type Persona,
  type QualityFinding,
} from "@content-studio/contract";
import { matcherFor } from "../phrases";
import { normaliseForMatch } from "../text";
import { stageConcerns } from "../vocabulary";
import type { Criterion, JudgeRun } from "./criterion";
import { coverage, fitText } from "./coverage";

/**
 * Editorial vocabulary of each stage's next step and substance (what a reader at that stage is
 * offered and told). Written for the check; the personas' stage content types from the
 * reference data are added to it.
 */
const STAGE_NEXT_STEPS: Record<BuyingStage, readonly string[]> = {
  awareness: [
    "read",
    "learn",
    "explore",
    "brief",
    "article",
    "report",
    "benchmark",
    "self-assessment",
    "maturity",
    "perspective",
    "questions",
    "share",
  ],
  consideration: [
    "compare",
    "comparison",
    "evaluate",
    "evaluation",
    "checklist",
    "scorecard",
    "criteria",
    "webinar",
    "walkthrough",
    "walk through",
    "demo",
    "trial",
    "calculator",
    "template",
    "shortlist",
    "trade study",
  ],
  decision: [
    "pilot",
    "business case",
    "ROI assessment",
    "proposal",
    "pricing",
    "contract terms",
    "implementation plan",
    "rollout",
    "scoping",
    "reference call",
    "payback",
    "commit",
    "book a",
  ],
};
const STAGE_SUBSTANCE: Record<BuyingStage, readonly string[]> = {
  awareness: [
    "why",
    "problem",
    "hidden",
    "the cost of",
    "pattern",
    "trend",
    "root cause",
    "symptom",
    "surprise",
    "too late",
    "what leaders",
    "familiar",
  ],
  consideration: [
    "criteria",
    "criterion",
    "compare",
    "comparison",
    "options",
    "option",
    "trade-off",
    "versus",
    "approaches",
    "evaluate",
    "side by side",
    "scorecard",
    "shortlist",
    "pros and cons",
    "patterns compared",
  ],
  decision: [
    "pilot",
    "rollout",
    "roll out",
    "implementation",
    "payback",
    "business case",
    "stakeholders",
    "objections",
    "milestones",
    "contract terms",
    "pricing",
    "ROI",
    "decision rule",
    "approve",
    "budget",
    "commit",
  ],
};

/** Sales words: they sell only in an imperative, an offer or with a deadline. */
const SALES =
  /\b(?:buy|purchase|order|sign(?:\s+up|\s+the\s+contract)?|subscribe|request\s+(?:a\s+)?(?:quote|pricing)|(?:talk\s+to|contact|call)\s+(?:our\s+)?sales|discount|licen[cs]e|seats?)\b/i;
const IMPERATIVE =
  /^(?:please\s+|so\s+|now\s+)?(?:buy|purchase|order|sign|subscribe|request|call|contact|talk|act|claim|reserve|get|lock|hurry|don't\s+wait|start\s+saving)\b/i;
const DEADLINE =
  /\b(?:today|now|immediately|this\s+week|before\s+(?:friday|monday|the\s+end|the\s+price|it's\s+too\s+late)|expires?|ends?\s+(?:on|soon|friday)|limited|hurry|last\s+chance|why\s+wait|within\s+the\s+hour)\b/i;
const OFFER = /\b(?:\d+\s?%\s+off|discount|free|save\s+\d+\s?%|bonus|for\s+the\s+price\s+of)\b/i;

interface SaleSentence {
  text: string;
  sentence: string;
  pressure: boolean;
}

/** Sentences that sell: a sales word in an imperative, an offer or with a deadline. */
export function sellingSentences(run: JudgeRun): SaleSentence[] {
  const out: SaleSentence[] = [];
  for (const s of run.doc.sentences) {
    const sale = SALES.exec(s.text);
    if (!sale) continue;
    const clauses = s.text.split(/[:;]\s*|,\s+(?=[a-z]+\b)/i);
    const imperative = clauses.some((c) => IMPERATIVE.test(c.trim()));
    const pressure = DEADLINE.test(s.text) || OFFER.test(s.text);
    if (imperative || pressure) out.push({ text: sale[0], sentence: s.text, pressure });
  }
  return out;
}

function stageTerms(stage: BuyingStage, personas: readonly Persona[]): string[] {
  return [
    ...STAGE_NEXT_STEPS[stage],
    ...personas.flatMap((p) => p.buyingJourney[stage].contentTypes),
  ];
}

/**
 * The call to action and the body's substance fit the buying stage; the persona's stage
 * concerns are addressed; selling where the reader is not buying yet costs score.
 */
export const buyingStageFit: Criterion = {
  id: "buyingStageFit",
  weight: 0.12,
  rationale:
    "A reader who is still naming the problem is lost by a sales pitch, a buyer by a think piece.",
  score(run) {
    const { doc, brief, reference } = run;
    const stage = brief.buyingStage;
    const findings: QualityFinding[] = [];
    const gates: QualityFinding[] = [];
    const lastParagraph = [...doc.blocks].reverse().find((b) => b.kind !== "heading")?.text ?? "";
    const ctaText = normaliseForMatch(`${lastParagraph}\n${doc.conclusion}`);
    const conclusionText = normaliseForMatch(doc.conclusion);
    const cta = BUYING_STAGES.map((s) => ({
      stage: s,
      n:
        matcherFor(stageTerms(s, reference.personas)).find(conclusionText).length * 2 +
        matcherFor(stageTerms(s, reference.personas)).find(ctaText).length,
    }));
    const body = BUYING_STAGES.map((s) => ({
      stage: s,
      n: matcherFor(STAGE_SUBSTANCE[s]).find(doc.bodyMatch).length,
    }));
    const ownCta = cta.find((c) => c.stage === stage)!.n;
    const topCta = [...cta].sort((a, b) => b.n - a.n)[0]!;
    const ownBody = body.find((b) => b.stage === stage)!.n;

    let ctaScore = 1;
    if (ownCta === 0 && topCta.n === 0) {
      ctaScore = 0.1;
      findings.push({ code: "cta_missing", stage });
    } else if (topCta.n > ownCta && topCta.stage !== stage) {
      ctaScore = ownCta > 0 ? 0.6 : 0.25;
      findings.push({ code: "cta_wrong_stage", stage, found: topCta.stage });
      const otherBody = body.find((b) => b.stage === topCta.stage)!.n;
      if (ownCta === 0 && (otherBody >= ownBody || ownBody < 2)) {
        const f = { code: "stage_mismatch" as const, stage, closer: topCta.stage };
        findings.push(f);
        gates.push(f);
      }
    }

    const concerns = coverage(stageConcerns(brief.persona, stage), fitText(run));
    const concernScore =
      concerns.addressed.length >= 2 ? 1 : concerns.addressed.length === 1 ? 0.7 : 0.3;
    if (concerns.addressed.length < 2 && concerns.missing[0]) {
      findings.push({
        code: "stage_concern_missing",
        stage,
        persona: brief.persona.title,
        example: concerns.missing[0],
      });
    }
    const signalScore = Math.min(1, ownBody / 3);

    // Selling: at awareness any of it; at consideration more than once; at decision only pressure.
    const selling = sellingSentences(run).filter((s) => stage !== "decision" || s.pressure);
    for (const s of selling.slice(0, 3))
      findings.push({ code: "hard_sell", stage, text: s.text, sentence: s.sentence });
    const limit = stage === "awareness" ? 1 : stage === "consideration" ? 2 : 3;
    if (selling.length >= limit) gates.push(...findings.filter((f) => f.code === "hard_sell"));
    const penalty = Math.min(0.6, selling.length * (stage === "awareness" ? 0.25 : 0.12));

    return {
      score: 0.5 * ctaScore + 0.25 * concernScore + 0.25 * signalScore - penalty,
      findings,
      gates,
    };
  },
};
