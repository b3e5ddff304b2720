import {
  BUYING_STAGES,
  KIT_LANGUAGE_LABELS,
  KIT_STATUS_LABELS,
  KIT_STEP_STATUS_LABELS,
  KIT_STEP_STATUSES,
  KitStepStatusSchema,
  type BuyingStage,
  type Kit,
  type KitLanguage,
  type KitStatus,
  type KitStepStatus,
  type KitSubmitResult,
} from "@content-studio/contract";
import { Download, Pause, Play, Send } from "lucide-react";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { SelectField } from "../../../components/ui/field";
import { OptionsField, SelectOptions } from "../../../components/ui/options-field";
import { BusyIcon } from "../../../components/ui/spinner";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";
import { kitPath } from "../api/get-kit";
import { useCancelKit, useFixKitStep, useResumeKit, useRetryKitStep } from "../api/kit-actions";
import { useSubmitKit } from "../api/submit-kit";
import { KitMatrix } from "./kit-matrix";
import {
  columnsOf,
  countOf,
  finishedCountOf,
  formatDuration,
  formatEstimate,
  kitAnnouncement,
  languagesOf,
  rowsOf,
  stageLabel,
  type KitNames,
} from "./kit-model";
import { KitStepIcon } from "./kit-step-chip";

const KIT_TONES: Record<KitStatus, StatusTone> = {
  running: "blue",
  done: "green",
  failed: "red",
  cancelled: "slate",
};

interface KitRunViewProps {
  kit: Kit;
  names: KitNames;
  /** When the cached kit was last received (ms), to keep the clock moving between events. */
  receivedAt: number;
  /** "Generate a new kit", shown with the kit's actions (so it reads as the kit's, not the form's). */
  generate?: ReactNode;
}

/** A kit's progress, its actions and every step in a matrix; live while it runs. */
export function KitRunView({ kit, names, receivedAt, generate }: KitRunViewProps) {
  const [status, setStatus] = useState<KitStepStatus | null>(null);
  const [language, setLanguage] = useState<KitLanguage | null>(null);
  const [stage, setStage] = useState<BuyingStage | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const cancel = useCancelKit();
  const resume = useResumeKit();
  const retry = useRetryKitStep();
  const fix = useFixKitStep();
  const submit = useSubmitKit();
  const now = useNow(kit.status === "running");

  const languages = languagesOf(kit);
  const stages = BUYING_STAGES.filter((s) => kit.steps.some((step) => step.buyingStage === s));
  const allColumns = useMemo(() => columnsOf(kit), [kit]);
  const allRows = useMemo(() => rowsOf(kit, names), [kit, names]);
  const columns = allColumns.filter((c) => language === null || c.language === language);
  const rows = allRows.filter((r) => stage === null || r.buyingStage === stage);

  const total = kit.steps.length;
  const finished = finishedCountOf(kit);
  const percent = total === 0 ? 0 : Math.round((finished / total) * 100);
  const drift = kit.status === "running" ? Math.max(0, now - receivedAt) : 0;
  const doneIds = new Set(kit.steps.filter((s) => s.status === "done").map((s) => s.id));
  const chosen = [...selected].filter((id) => doneIds.has(id));
  const actionError = cancel.error ?? resume.error ?? retry.error ?? fix.error ?? submit.error;

  const toggleSelect = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const reset = () => {
    for (const m of [cancel, resume, retry, fix, submit]) m.reset();
  };
  const runOnKit = (action: typeof cancel) => {
    reset();
    action.mutate(kit.id);
  };
  const onSubmit = () => {
    reset();
    submit.mutate(
      { kitId: kit.id, stepIds: chosen.length > 0 ? chosen : undefined },
      { onSuccess: () => setSelected(new Set()) },
    );
  };

  return (
    <Card
      title="Campaign kit"
      description={`Started ${new Date(kit.createdAt).toLocaleString()}`}
      actions={
        <StatusBadge tone={KIT_TONES[kit.status]} className="text-sm">
          {KIT_STATUS_LABELS[kit.status]}
        </StatusBadge>
      }
    >
      <p aria-live="polite" className="sr-only">
        {kitAnnouncement(kit)}
      </p>
      <div className="space-y-5">
        <div className="space-y-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
            <span id={`kit-progress-${kit.id}`} className="font-medium text-slate-900">
              {finished} of {total} finished ({percent}%)
            </span>
            <span className="text-slate-600">
              {kit.status === "running"
                ? [
                    `${formatDuration(kit.elapsedMs + drift)} so far`,
                    kit.estimateMs === null ? null : formatEstimate(kit.estimateMs - drift),
                  ]
                    .filter(Boolean)
                    .join(" · ")
                : `Took ${formatDuration(kit.elapsedMs)}`}
            </span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={`kit-progress-${kit.id}`}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={finished}
            className="h-2.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-300"
              style={{ width: `${percent}%` }}
            />
          </div>
          <ul aria-label="Entries per status" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {KIT_STEP_STATUSES.map((s) => (
              <li key={s} className="flex items-center gap-1 text-slate-700">
                <KitStepIcon status={s} className="size-4 text-slate-500" />
                {KIT_STEP_STATUS_LABELS[s]}
                <span className="font-semibold text-slate-900">{countOf(kit, s)}</span>
              </li>
            ))}
          </ul>
        </div>

        {kit.notices.map((notice) => (
          <Alert key={notice} tone="info">
            {notice}
          </Alert>
        ))}

        <div className="flex flex-wrap items-center gap-2">
          {kit.can.cancel ? (
            <Button
              variant="secondary"
              disabled={cancel.isPending}
              onClick={() => runOnKit(cancel)}
            >
              <BusyIcon busy={cancel.isPending} icon={Pause} />
              Cancel kit
            </Button>
          ) : null}
          {kit.can.resume ? (
            <Button disabled={resume.isPending} onClick={() => runOnKit(resume)}>
              <BusyIcon busy={resume.isPending} icon={Play} />
              Resume kit
            </Button>
          ) : null}
          {kit.can.submit ? (
            <Button
              variant="secondary"
              disabled={submit.isPending || doneIds.size === 0}
              onClick={onSubmit}
            >
              <BusyIcon busy={submit.isPending} icon={Send} />
              {chosen.length > 0
                ? `Submit ${chosen.length} selected for approval`
                : "Submit all done for approval"}
            </Button>
          ) : null}
          {countOf(kit, "done") > 0 ? (
            <a
              href={`${kitPath(kit.id)}/export.zip`}
              download
              className={buttonClasses("secondary")}
            >
              <Download aria-hidden className="size-4" />
              Export kit
            </a>
          ) : null}
          {generate ? <div className="w-full sm:ml-auto sm:w-auto">{generate}</div> : null}
        </div>

        {actionError ? <Alert reveal>{actionError.message}</Alert> : null}
        {submit.data ? <SubmitReport result={submit.data} kit={kit} names={names} /> : null}

        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField
            label="Status"
            value={status ?? ""}
            onChange={(e) => {
              const parsed = KitStepStatusSchema.safeParse(e.target.value);
              setStatus(parsed.success ? parsed.data : null);
            }}
          >
            <option value="">All statuses</option>
            <SelectOptions
              options={KIT_STEP_STATUSES.map((s) => ({
                value: s,
                label: `${KIT_STEP_STATUS_LABELS[s]} (${countOf(kit, s)})`,
              }))}
            />
          </SelectField>
          {languages.length > 1 ? (
            <OptionsField
              label="Language"
              value={language ?? ""}
              onChange={(value) => setLanguage(languages.find((l) => l === value) ?? null)}
              emptyLabel="All languages"
              options={languages.map((l) => ({ value: l, label: KIT_LANGUAGE_LABELS[l] }))}
            />
          ) : null}
          {stages.length > 1 ? (
            <OptionsField
              label="Stage"
              value={stage ?? ""}
              onChange={(value) => setStage(stages.find((s) => s === value) ?? null)}
              emptyLabel="All stages"
              options={stages.map((s) => ({ value: s, label: stageLabel(s) }))}
            />
          ) : null}
        </div>

        <KitMatrix
          columns={columns}
          rows={rows}
          status={status}
          canRetry={kit.can.retry}
          canSelect={kit.can.submit}
          selected={selected}
          onToggleSelect={toggleSelect}
          onRetry={(stepId) => {
            reset();
            retry.mutate({ kitId: kit.id, stepId });
          }}
          retrying={retry.isPending ? (retry.variables?.stepId ?? null) : null}
          onFix={(stepId, substitution) => {
            reset();
            fix.mutate({ kitId: kit.id, stepId, fix: substitution });
          }}
          fixing={fix.isPending ? (fix.variables?.stepId ?? null) : null}
        />
      </div>
    </Card>
  );
}

/** How many items went for approval, and which steps were skipped and why. */
function SubmitReport({
  result,
  kit,
  names,
}: {
  result: KitSubmitResult;
  kit: Kit;
  names: KitNames;
}) {
  const columns = columnsOf(kit);
  const rows = rowsOf(kit, names);
  const describe = (stepId: string) => {
    const step = kit.steps.find((s) => s.id === stepId);
    if (!step) return stepId;
    const column = columns.find((c) => c.asset === step.asset && c.language === step.language);
    const row = rows.find((r) => r.cellKey === step.cellKey);
    return `${column?.label ?? step.asset} · ${row?.label ?? step.cellKey}`;
  };
  return (
    <Alert tone={result.skipped.length > 0 && result.submitted === 0 ? "error" : "success"} reveal>
      <p>
        {result.submitted} {result.submitted === 1 ? "item" : "items"} submitted for approval.
        {result.skipped.length > 0 ? ` ${result.skipped.length} skipped:` : ""}
      </p>
      {result.skipped.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {result.skipped.map((s) => (
            <li key={s.stepId}>
              {describe(s.stepId)}: {s.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

/** The current time, ticking every second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
