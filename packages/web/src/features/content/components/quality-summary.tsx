import {
  describeFinding,
  meetsQualityStandards,
  qualityBand,
  type QualityFinding,
} from "@content-studio/contract";
import { CheckCircle2, XCircle } from "lucide-react";
import { Detail } from "../../../components/ui/detail";
import { cn } from "../../../lib/cn";
import { BAND_CLASSES, formatImprovement, formatScore } from "../utils/quality";
import { ScoreBar } from "./score-bar";

export interface QualitySummaryProps {
  /** First-draft score, when it differs from the shown one. */
  before: number | null;
  after: number;
  /** Fraction, (after − before) / before. */
  improvement: number | null;
  benchmarkComparison: string;
  threshold: number;
  refinementRounds?: number;
  /** The findings that hold the score below the standard whatever the criteria say. */
  heldBy?: QualityFinding[];
}

/**
 * The overall score bar, the improvement, the benchmark sentence and whether the content
 * meets the quality standards (above the threshold).
 */
export function QualitySummary(props: QualitySummaryProps) {
  const band = qualityBand(props.after);
  const meets = meetsQualityStandards(props.after, props.threshold);
  return (
    <div className="space-y-4">
      <div>
        <div className="flex items-baseline justify-between gap-4">
          <span className="text-sm font-medium text-slate-700">Overall quality</span>
          <span className={cn("text-2xl font-semibold", BAND_CLASSES[band].text)}>
            {formatScore(props.after)}
          </span>
        </div>
        <div className="mt-2">
          <ScoreBar label="Overall quality" score={props.after} />
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <Detail term="Improvement" valueClassName="font-medium text-slate-900">
          {props.improvement !== null ? formatImprovement(props.improvement) : "—"}
          {props.before !== null ? (
            <span className="font-normal text-slate-500">
              {" "}
              (first draft {formatScore(props.before)})
            </span>
          ) : null}
        </Detail>
        {props.refinementRounds !== undefined ? (
          <Detail term="Refinement rounds" valueClassName="font-medium text-slate-900">
            {props.refinementRounds}
          </Detail>
        ) : null}
      </dl>
      <p className="text-sm text-slate-700">{props.benchmarkComparison}</p>
      <p
        className={cn(
          "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ring-1 ring-inset",
          meets ? BAND_CLASSES.green.badge : BAND_CLASSES.red.badge,
        )}
      >
        {meets ? (
          <CheckCircle2 aria-hidden="true" className="size-4" />
        ) : (
          <XCircle aria-hidden="true" className="size-4" />
        )}
        {meets
          ? `This content meets quality standards (above ${formatScore(props.threshold)}).`
          : `This content does not meet quality standards (above ${formatScore(props.threshold)}).`}
      </p>
      {props.heldBy && props.heldBy.length > 0 ? (
        <div className="text-sm text-slate-700">
          <p className="font-medium text-slate-900">Held below the standard by:</p>
          <ul aria-label="Held below the standard by" className="mt-1 list-disc space-y-1 pl-5">
            {props.heldBy.map((finding, i) => (
              <li key={i} className="break-words">
                {describeFinding(finding)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
