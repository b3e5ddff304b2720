import type { QualityFinding } from "@content-studio/contract";
import { coversItem } from "./coverage";
import { tokenize } from "../text";
import type { Criterion } from "./criterion";

/**
 * Claims bound to approved facts: an unsupported or contradicted claim caps the overall score
 * below the standard; an expired fact's claim and an unused chosen key metric cost score.
 */
export const evidence: Criterion = {
  id: "evidence",
  weight: 0.1,
  rationale:
    "An invented figure in front of an engineering leader costs more trust than no figure.",
  score({ claims, brief, doc, reference }) {
    const findings: QualityFinding[] = [];
    const gates: QualityFinding[] = [];
    let score = claims.some((c) => c.status === "supported") ? 1 : 0.8;
    /** A finding that also gates the overall score below the standard. */
    const gate = (f: QualityFinding, cost: number) => {
      findings.push(f);
      gates.push(f);
      score -= cost;
    };
    for (const c of claims) {
      const claim = { kind: c.kind, text: c.text, sentence: c.sentence };
      if (c.status === "unsupported") {
        gate({ code: "unsupported_claim", ...claim }, 0.3);
      } else if (c.status === "contradicted" && c.factId) {
        gate(
          { code: "contradicted_claim", ...claim, factId: c.factId, fact: c.source ?? "" },
          0.35,
        );
      } else if (c.status === "misattributed" && c.factId) {
        gate(
          {
            code: "claim_misattributed",
            ...claim,
            factId: c.factId,
            fact: c.source ?? "",
            differs: c.differs ?? "subject",
          },
          0.35,
        );
      } else if (c.status === "unsourced") {
        findings.push({ code: "unsourced_figure", ...claim });
        score -= 0.05;
      } else if (c.status === "expired" && c.factId) {
        findings.push({
          code: "expired_claim",
          ...claim,
          factId: c.factId,
          fact: c.source ?? "",
          expiredOn: reference.facts.find((x) => x.id === c.factId)?.expiresOn ?? "",
        });
        score -= 0.2;
      }
    }
    const supported = claims.filter((c) => c.status === "supported");
    for (const metric of brief.keyMetrics) {
      const topic = metric.replace(/[\d.,%–-]+/g, " ");
      const used = supported.some((c) => coversItem(topic, new Set(tokenize(c.sentence))));
      if (!used && !coversItem(topic, doc.stems)) {
        findings.push({ code: "key_metric_unused", metric });
        score -= 0.15;
      }
    }
    return { score: Math.max(0, score), findings, gates };
  },
};
