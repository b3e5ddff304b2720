import { isIngestUnfinished, type IngestJob } from "@content-studio/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useIngestJob } from "../api/get-ingest-job";
import { useRunningIngestJobs } from "../api/get-running-ingest-jobs";
import { examplesKeys } from "../../../lib/query-keys";

/** How long the success counts stay on screen. */
const INGEST_SUCCESS_VISIBLE_MS = 3000;

interface RunState {
  scope: string;
  /** The job started here, or null. */
  jobId: string | null;
  /** Whether a job already running when the screen opened may be shown. */
  resume: boolean;
}

export interface IngestRun {
  /** The job on screen (started here or resumed), with its latest progress. */
  job: IngestJob | null;
  /** Polling the job failed before any answer came back. */
  jobError: Error | null;
  isRunning: boolean;
  /** True for 3 s after the job succeeded. */
  showSuccess: boolean;
  /** Follow a job that was just started. */
  begin: (job: IngestJob) => void;
  /** Forget the job on screen (its leftovers included). */
  dismiss: () => void;
}

/**
 * The ingest a screen shows. `scope` names what the screen shows (e.g. the source): when it
 * changes, the last result is cleared. On arrival, a matching job that is already running
 * (started in another tab or by someone else) is picked up. When a job ends, every example
 * list reloads.
 */
export function useIngestRun(scope: string, matches: (job: IngestJob) => boolean): IngestRun {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RunState>({ scope, jobId: null, resume: true });
  let current = state;
  if (state.scope !== scope) {
    current = { scope, jobId: null, resume: true };
    setState(current);
  }

  const running = useRunningIngestJobs(scope, current.resume && current.jobId === null);
  const resumed = current.resume ? running.data?.find(matches) : undefined;
  const jobId = current.jobId ?? resumed?.id ?? null;
  const query = useIngestJob(jobId);
  const job = jobId ? (query.data ?? resumed ?? null) : null;

  const finishedId = job && !isIngestUnfinished(job) ? job.id : null;
  const succeededId = job?.status === "succeeded" ? job.id : null;
  const [hiddenSuccessId, setHiddenSuccessId] = useState<string | null>(null);

  useEffect(() => {
    if (!succeededId) return;
    const timer = setTimeout(() => setHiddenSuccessId(succeededId), INGEST_SUCCESS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [succeededId]);

  useEffect(() => {
    if (finishedId) void queryClient.invalidateQueries({ queryKey: examplesKeys.lists });
  }, [finishedId, queryClient]);

  return {
    job,
    jobError: jobId && !query.data ? query.error : null,
    isRunning: job !== null && isIngestUnfinished(job),
    showSuccess: succeededId !== null && hiddenSuccessId !== succeededId,
    begin: (started) => setState({ scope, jobId: started.id, resume: false }),
    dismiss: () => setState({ scope, jobId: null, resume: false }),
  };
}
