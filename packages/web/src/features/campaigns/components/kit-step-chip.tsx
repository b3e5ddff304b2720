import { KIT_STEP_STATUS_LABELS, type KitStepStatus } from "@content-studio/contract";
import { CircleCheck, CircleMinus, CircleX, Clock, Loader2, SearchCheck } from "lucide-react";
import type { ComponentType } from "react";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";
import { cn } from "../../../lib/cn";

const LOOKS: Record<
  KitStepStatus,
  { tone: StatusTone; Icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }> }
> = {
  queued: { tone: "slate", Icon: Clock },
  writing: { tone: "blue", Icon: Loader2 },
  checking: { tone: "purple", Icon: SearchCheck },
  done: { tone: "green", Icon: CircleCheck },
  failed: { tone: "red", Icon: CircleX },
  skipped: { tone: "yellow", Icon: CircleMinus },
};

/** A step's status as an icon and its name (never colour alone). */
export function KitStepChip({ status, className }: { status: KitStepStatus; className?: string }) {
  const { tone, Icon } = LOOKS[status];
  return (
    <StatusBadge tone={tone} className={cn("gap-1", className)}>
      <Icon aria-hidden className={cn("size-3.5", status === "writing" && "animate-spin")} />
      {KIT_STEP_STATUS_LABELS[status]}
    </StatusBadge>
  );
}

/** The icon of a step status, for counts beside their label. */
export function KitStepIcon({ status, className }: { status: KitStepStatus; className?: string }) {
  const { Icon } = LOOKS[status];
  return <Icon aria-hidden className={className} />;
}
