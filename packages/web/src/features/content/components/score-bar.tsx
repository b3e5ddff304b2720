import { qualityBand } from "@content-studio/contract";
import { cn } from "../../../lib/cn";
import { BAND_CLASSES, formatScore } from "../utils/quality";

/** A 0–1 score as a coloured bar in the generator's bands (above 0.8, above 0.6, otherwise). */
export function ScoreBar({
  label,
  score,
  size = "md",
}: {
  label: string;
  score: number;
  size?: "sm" | "md";
}) {
  const band = qualityBand(score);
  const percent = Math.round(Math.min(1, Math.max(0, score)) * 100);
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={formatScore(score)}
      data-band={band}
      className={cn(
        "w-full overflow-hidden rounded-full bg-slate-100",
        size === "md" ? "h-3" : "h-1.5",
      )}
    >
      <div
        className={cn("h-full rounded-full", BAND_CLASSES[band].bar)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/** A criterion's small bar, filling the row, then its score in the band's colour. */
export function CriterionScore({ label, score }: { label: string; score: number }) {
  return (
    <>
      <span className="flex-1">
        <ScoreBar label={label} score={score} size="sm" />
      </span>
      <span
        className={cn(
          "w-10 text-right font-medium tabular-nums",
          BAND_CLASSES[qualityBand(score)].text,
        )}
      >
        {formatScore(score)}
      </span>
    </>
  );
}
