import type { QualityFinding } from "@content-studio/contract";
import type { Criterion } from "./criterion";

/** Who a disparaging remark is about: competitors and the alternatives the reader uses today. */
const RIVAL =
  /\b(?:competitors?|competition|rivals?|other\s+(?:vendors?|tools?|solutions?|platforms?|options?)|every\s+other\s+(?:vendor|tool|solution|platform|option)|legacy\s+(?:costing\s+)?(?:vendors?|tools?|systems?)|(?:costing\s+)?vendors?|spreadsheets?(?:\s+costing)?|the\s+rest\s+of\s+the\s+market|alternatives?|consultants?|anyone\s+who)\b/i;
const DISPARAGING =
  /\b(?:always\s+wrong|never\s+work(?:s)?|useless|worthless|lying|liars?|obsolete|incompetent|garbage|junk|a\s+joke|do(?:es)?\s+not\s+understand|don't\s+understand|wasting|waste\s+of|dinosaurs?)\b/i;
const ABSOLUTE =
  /\b(?:the\s+only\s+(?:real|serious|sensible|true|credible|viable)?\s*(?:choice|option|solution|platform|tool|answer|vendor)|no\s+other\s+(?:tool|vendor|solution|platform|product)|nobody\s+else|every\s+serious\s+\w+\s+will|the\s+only\s+\w+\s+that)\b/i;

/** Absolute and disparaging claims about competitors and the reader's current tools. */
export const tone: Criterion = {
  id: "tone",
  weight: 0.04,
  rationale:
    "Attacking alternatives the reader chose insults the reader and invites a legal review.",
  score({ doc }) {
    const findings: QualityFinding[] = [];
    for (const s of doc.sentences) {
      const absolute = ABSOLUTE.exec(s.text);
      if (absolute) {
        findings.push({ code: "absolute_claim", text: absolute[0], sentence: s.text });
        continue;
      }
      const bad = DISPARAGING.exec(s.text);
      if (bad && RIVAL.test(s.text)) {
        findings.push({ code: "disparaging_claim", text: bad[0], sentence: s.text });
      }
    }
    return {
      score: Math.max(0, 1 - 0.35 * findings.length),
      findings: findings.slice(0, 6),
      gates: findings.slice(0, 6),
    };
  },
};
