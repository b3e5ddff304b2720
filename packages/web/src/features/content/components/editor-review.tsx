import {
  AI_PROVIDERS,
  EDITOR_REVIEW_WEIGHT,
  qualityBand,
  type EditorReview,
} from "@content-studio/contract";
import { cn } from "../../../lib/cn";
import { BAND_CLASSES, formatScore } from "../utils/quality";
import { CriterionScore } from "./score-bar";

const numberFormat = new Intl.NumberFormat("en-US");

/**
 * The editor's review of a quality check: each rubric criterion's score with the passages it
 * quotes and its comment. Failed: says the score is the automatic check's alone. Off: one muted
 * line. Reports stored before the review existed show nothing.
 */
export function EditorReviewSection({
  review,
  deterministic,
}: {
  review: EditorReview | undefined;
  /** The automatic check's own overall, when the review was blended in. */
  deterministic: number | undefined;
}) {
  if (!review) return null;
  if (review.status === "off") {
    return (
      <p className="text-sm text-slate-500">
        No editor's review for this check.{review.message ? ` ${review.message}` : ""}
      </p>
    );
  }
  if (review.status === "failed" || review.score === null) {
    return (
      <p role="status" className="text-sm text-slate-700">
        The editor's review could not be completed
        {review.message ? ` (${review.message.replace(/\.$/, "")})` : ""}. The score is the
        automatic check's alone.
      </p>
    );
  }
  const automatic = Math.round((1 - EDITOR_REVIEW_WEIGHT) * 100);
  const provider = review.provider ? AI_PROVIDERS[review.provider].label : "The AI model";
  return (
    <div className="space-y-4">
      <div className="flex items-baseline justify-between gap-4">
        <span className="text-sm text-slate-700">
          {deterministic !== undefined
            ? `Overall = ${automatic}% automatic check (${formatScore(deterministic)}) + ${100 - automatic}% editor's review.`
            : "Combined with the automatic check."}
        </span>
        <span
          className={cn(
            "text-lg font-semibold tabular-nums",
            BAND_CLASSES[qualityBand(review.score)].text,
          )}
        >
          {formatScore(review.score)}
        </span>
      </div>
      <ul aria-label="Editor's review criteria" className="divide-y divide-slate-100">
        {review.criteria.map((criterion) => (
          <li key={criterion.id} className="space-y-2 py-3 first:pt-0 last:pb-0">
            <div className="flex items-center gap-3 text-sm">
              <span className="w-44 shrink-0 text-slate-800 max-sm:w-32">{criterion.label}</span>
              <CriterionScore label={criterion.label} score={criterion.score} />
            </div>
            {criterion.comment ? (
              <p className="text-sm text-slate-700">{criterion.comment}</p>
            ) : null}
            {criterion.evidence.length > 0 ? (
              <ul aria-label={`Quoted from the text: ${criterion.label}`} className="space-y-1">
                {criterion.evidence.map((quote, i) => (
                  <li key={i}>
                    <blockquote className="border-l-2 border-slate-300 pl-3 text-sm text-slate-600 italic">
                      “{quote}”
                    </blockquote>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">
        Reviewed by {provider}
        {review.model ? ` ${review.model}` : ""} · {numberFormat.format(review.tokens.input)} input
        and {numberFormat.format(review.tokens.output)} output tokens ·{" "}
        {(review.durationMs / 1000).toFixed(1)} s
        {review.droppedQuotes > 0
          ? ` · ${review.droppedQuotes} ${review.droppedQuotes === 1 ? "quote" : "quotes"} not found in the text left out`
          : ""}
      </p>
    </div>
  );
}
