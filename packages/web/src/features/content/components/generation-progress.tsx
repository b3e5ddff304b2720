import { Check, Loader2 } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { Card } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import type { GenerationProgress as Progress, GenerationStage } from "../api/stream-generation";
import { readableDraft } from "../utils/live-draft";

const STEPS: { stage: GenerationStage; label: string }[] = [
  { stage: "drafting", label: "Drafting" },
  { stage: "checking", label: "Checking quality" },
  { stage: "refining", label: "Refining" },
  { stage: "saving", label: "Saving" },
];

/** The status line for a stage, e.g. "Refining the draft (round 1)...". */
function stageText(stage: GenerationStage | null, round?: number): string {
  const inRound = round ? ` (round ${round})` : "";
  switch (stage) {
    case "drafting":
      return "Drafting the content...";
    case "checking":
      return `Checking quality${inRound}...`;
    case "refining":
      return `Refining the draft${inRound}...`;
    case "saving":
      return "Saving the content...";
    default:
      return "Starting...";
  }
}

/** Live progress of a streamed generation: the stages and the text as it arrives. */
export function GenerationProgress({ progress }: { progress: Progress }) {
  const textRef = useRef<HTMLDivElement>(null);
  const current = STEPS.findIndex((s) => s.stage === progress.stage);
  const text = useMemo(() => readableDraft(progress.text), [progress.text]);

  // Keep the newest text in view while it streams in.
  useEffect(() => {
    const box = textRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [text]);

  return (
    <Card title="Generating" description="The draft appears here as it is written.">
      <p role="status" className="text-sm font-medium text-primary-text">
        {stageText(progress.stage, progress.round)}
      </p>
      <ol aria-label="Progress" className="mt-4 flex flex-wrap gap-x-5 gap-y-2">
        {STEPS.map((step, index) => {
          const state = index < current ? "done" : index === current ? "current" : "upcoming";
          return (
            <li
              key={step.stage}
              aria-current={state === "current" ? "step" : undefined}
              className={cn(
                "flex items-center gap-1.5 text-sm",
                state === "current" && "font-medium text-primary-text",
                state === "done" && "text-slate-700",
                state === "upcoming" && "text-slate-400",
              )}
            >
              {state === "done" ? (
                <Check aria-hidden="true" className="size-4 text-green-600" />
              ) : state === "current" ? (
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <span aria-hidden="true" className="size-4 rounded-full border border-slate-300" />
              )}
              {step.label}
            </li>
          );
        })}
      </ol>
      <div
        ref={textRef}
        aria-label="Live draft"
        className="mt-4 max-h-96 min-h-32 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-700"
      >
        {text || <span className="text-slate-400">Waiting for the first words...</span>}
      </div>
    </Card>
  );
}
