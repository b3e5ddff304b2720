import { describeFinding, type QualityCriterion } from "@content-studio/contract";
import { ChevronRight } from "lucide-react";
import { formatScore } from "../utils/quality";
import { CriterionScore } from "./score-bar";

/** Each criterion's sub-score, why it counts, and what to change (findings rendered from their codes). */
export function QualityCriteria({ criteria }: { criteria: QualityCriterion[] }) {
  return (
    <ul aria-label="Quality criteria" className="divide-y divide-slate-100">
      {criteria.map((criterion) => (
        <li key={criterion.id} className="py-2 first:pt-0 last:pb-0">
          <details className="group">
            <summary className="flex cursor-pointer list-none items-center gap-3 rounded py-1 text-sm [&::-webkit-details-marker]:hidden">
              <ChevronRight
                aria-hidden="true"
                className="size-4 shrink-0 text-slate-400 transition-transform group-open:rotate-90"
              />
              <span className="w-36 shrink-0 text-slate-800">{criterion.label}</span>
              <CriterionScore label={criterion.label} score={criterion.score} />
            </summary>
            <div className="mt-2 space-y-2 pl-7 text-sm">
              <p className="text-xs text-slate-500">
                Weight {formatScore(criterion.weight)} · {criterion.rationale}
              </p>
              {criterion.findings.length > 0 ? (
                <ul className="list-disc space-y-0.5 pl-4 text-slate-700">
                  {criterion.findings.map((finding, i) => (
                    <li key={i}>{describeFinding(finding)}</li>
                  ))}
                </ul>
              ) : (
                <p className="text-slate-600">Nothing to change here.</p>
              )}
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
