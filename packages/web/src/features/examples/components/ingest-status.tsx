import { isIngestUnfinished, type IngestJob } from "@content-studio/contract";
import { Archive, X } from "lucide-react";
import { useId } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button, focusRing } from "../../../components/ui/button";
import { IconButton } from "../../../components/ui/icon-button";
import { cn } from "../../../lib/cn";
import { useArchiveExamples } from "../api/archive-examples";
import type { IngestRun } from "../hooks/use-ingest-run";
import { ingestSummary, plural } from "./labels";

interface IngestStatusProps {
  run: IngestRun;
  /** Why the ingest could not start, worded for this screen. */
  startError?: string | null;
  /** What to say when the job itself failed. */
  failedMessage: (job: IngestJob) => string;
  /** Editors and admins may archive examples whose files disappeared. */
  canArchive: boolean;
}

/** Progress of the ingest on screen, then its counts (3 s), failures and missing files. */
export function IngestStatus({ run, startError, failedMessage, canArchive }: IngestStatusProps) {
  const { job } = run;
  if (!startError && !job && !run.jobError) return null;
  return (
    <div className="space-y-3">
      {startError ? <Alert>{startError}</Alert> : null}
      {run.jobError ? (
        <Alert>Could not check the progress of the ingest: {run.jobError.message}</Alert>
      ) : null}
      {job && isIngestUnfinished(job) ? <IngestProgress job={job} /> : null}
      {job?.status === "failed" ? <Alert>{failedMessage(job)}</Alert> : null}
      {job?.status === "succeeded" && run.showSuccess ? (
        <Alert tone="success">{ingestSummary(job)}</Alert>
      ) : null}
      {job && !isIngestUnfinished(job) && (job.failures.length > 0 || job.missing.length > 0) ? (
        <IngestLeftovers key={job.id} job={job} canArchive={canArchive} onDismiss={run.dismiss} />
      ) : null}
    </div>
  );
}

function IngestProgress({ job }: { job: IngestJob }) {
  const labelId = useId();
  const known = job.total > 0;
  const percent = known ? Math.round((job.processed / job.total) * 100) : 0;
  return (
    <div className="rounded-lg border border-primary/30 bg-primary-soft px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span id={labelId} className="font-medium text-slate-900">
          Ingesting examples from <span className="font-mono text-xs">{job.sourceKey}</span>
        </span>
        <span className="text-slate-700 tabular-nums" aria-hidden="true">
          {known
            ? `${job.processed} of ${plural(job.total, "file")}`
            : job.status === "queued"
              ? "Waiting for a free worker..."
              : "Reading the source..."}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={known ? job.total : undefined}
        aria-valuenow={known ? job.processed : undefined}
        aria-valuetext={
          known
            ? `${job.processed} of ${plural(job.total, "file")}`
            : job.status === "queued"
              ? "Waiting for a free worker"
              : "Reading the source"
        }
        className="mt-2 h-2 overflow-hidden rounded-full bg-primary/15"
      >
        <div
          className={cn(
            "h-full rounded-full bg-primary transition-[width] duration-300",
            known ? null : "w-1/3 animate-pulse",
          )}
          style={known ? { width: `${percent}%` } : undefined}
        />
      </div>
    </div>
  );
}

/** Per-file reasons and disappeared files stay until dismissed. */
function IngestLeftovers({
  job,
  canArchive,
  onDismiss,
}: {
  job: IngestJob;
  canArchive: boolean;
  onDismiss: () => void;
}) {
  const archive = useArchiveExamples();
  const missingIds = job.missing.map((m) => m.id);
  return (
    <section
      aria-label="Ingest details"
      className="relative rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <IconButton
        label="Dismiss ingest details"
        icon={X}
        iconClassName="size-4"
        onClick={onDismiss}
        className="absolute top-2 right-2 rounded-md p-1 text-amber-700 hover:bg-amber-100"
      />
      <div className="space-y-3 pr-8">
        {job.failures.length > 0 ? (
          <details>
            <summary className={cn("cursor-pointer rounded font-medium", focusRing)}>
              {plural(job.failures.length, "file")} could not be ingested
            </summary>
            <ul className="mt-2 max-h-60 space-y-1 overflow-y-auto pl-4">
              {job.failures.map((failure, i) => (
                <li key={`${failure.path}-${i}`} className="list-disc">
                  <span className="font-mono text-xs break-all">{failure.path}</span>
                  <span className="text-amber-800">: {failure.reason}</span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {job.missing.length > 0 ? (
          <div className="space-y-2">
            <details>
              <summary className={cn("cursor-pointer rounded font-medium", focusRing)}>
                {job.missing.length === 1
                  ? "1 example is no longer in the source"
                  : `${job.missing.length} examples are no longer in the source`}
              </summary>
              <ul className="mt-2 max-h-60 space-y-1 overflow-y-auto pl-4">
                {job.missing.map((m) => (
                  <li key={m.id} className="list-disc">
                    {m.title} <span className="font-mono text-xs break-all">({m.path})</span>
                  </li>
                ))}
              </ul>
            </details>
            {archive.isSuccess ? (
              <p role="status" className="font-medium text-green-800">
                Archived {plural(archive.data.archived, "example")}.
              </p>
            ) : canArchive ? (
              <Button
                size="sm"
                variant="secondary"
                disabled={archive.isPending}
                onClick={() => archive.mutate(missingIds)}
              >
                <Archive className="size-4" aria-hidden="true" />
                {archive.isPending ? "Archiving..." : `Archive ${job.missing.length} missing`}
              </Button>
            ) : null}
            {archive.isError ? (
              <p role="alert" className="text-red-700">
                Could not archive the missing examples: {archive.error.message}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
