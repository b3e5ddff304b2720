import type { AppContext } from "../../app-context";
import { MAX_RUNNING_INGESTS } from "../../lib/ingest-slots";
import type { StoredFileOwner } from "../storage/storage-sweep";
import { deleteQuietly } from "../storage/storage.service";
import { listIngestSource, UPLOAD_PREFIX } from "./examples.service";
import * as repo from "./examples.repository";
import { failUnexpectedly, INGEST_QUEUE, IngestInterrupted, runIngest } from "./ingest.service";

const INGEST_DEAD_QUEUE = "example-ingest-dead";
/** Seconds without a heartbeat after which an ingest's worker is taken to be dead. */
const HEARTBEAT_SECONDS = 10;
const GIVEN_UP = "Interrupted before it finished. Run the ingest again to complete it.";

interface IngestJobData {
  runId: string;
}

/**
 * The example-ingest queue: at most MAX_RUNNING_INGESTS runs at once per server process (the
 * rest wait, queued); a run whose worker died (kill -9, a lost machine) or stopped is run again
 * by the engine (here after a restart, or by another process), from the start: what the earlier
 * attempt stored is found unchanged. A run that keeps being cut off is given up as interrupted.
 */
export function defineIngestQueue(ctx: AppContext): void {
  ctx.jobEngine.define<IngestJobData>({
    name: INGEST_DEAD_QUEUE,
    options: { retryLimit: 2, retryDelay: 5 },
    worker: {
      handler: async (job) => {
        await repo.failUnfinishedRun(ctx.db, job.data.runId, GIVEN_UP);
        await releaseStoredUpload(ctx, job.data.runId);
      },
    },
  });
  ctx.jobEngine.define<IngestJobData>({
    name: INGEST_QUEUE,
    options: {
      retryLimit: 3,
      retryDelay: 2,
      retryBackoff: true,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      expireInSeconds: 60 * 60,
      deadLetter: INGEST_DEAD_QUEUE,
      notify: true,
    },
    worker: {
      options: {
        localConcurrency: MAX_RUNNING_INGESTS,
        pollingIntervalSeconds: 1,
        notifyPollingIntervalSeconds: 1,
      },
      handler: (job) =>
        runQueuedIngest(ctx, job.data.runId, AbortSignal.any([job.signal, ctx.jobEngine.stopping])),
    },
  });
}

/**
 * One attempt at a queued run. A run already finished (a late retry) is left alone. Failures of
 * the source are recorded on the run by runIngest; an interruption is thrown, so the engine
 * runs the job again.
 */
export async function runQueuedIngest(
  ctx: AppContext,
  runId: string,
  signal: AbortSignal,
): Promise<void> {
  const run = await repo.claimIngestRun(ctx.db, runId);
  if (!run) return;
  const source = run.source;
  try {
    if (!source) throw new Error("the run does not say where to read from");
    await runIngest(
      ctx.db,
      runId,
      run.started_by,
      {
        origin: run.origin,
        sourceKey: run.source_key,
        list: () => listIngestSource(ctx, runId, source),
      },
      signal,
    );
  } catch (error) {
    if (error instanceof IngestInterrupted) throw error;
    await failUnexpectedly(ctx.db, runId, error);
  }
  // The run is finished (its staged rows went with the write that finished it): so does its
  // object. A crash before this line leaves it to the sweep.
  await releaseStoredUpload(ctx, runId);
}

/** Deletes a finished run's upload from the object store, and the reference to it. */
async function releaseStoredUpload(ctx: AppContext, runId: string): Promise<void> {
  const key = await repo.deleteUploadObject(ctx.db, runId);
  if (key && ctx.objectStore) await deleteQuietly(ctx.objectStore, key);
}

/**
 * The examples module's files in the object store: uploads, each read by one unfinished run.
 * A finished run's reference is forgotten first, so its object (if the run's own delete did
 * not happen) is swept.
 */
export function uploadFileOwner(ctx: Pick<AppContext, "db">): StoredFileOwner {
  return {
    prefix: UPLOAD_PREFIX,
    expire: () => repo.deleteFinishedUploadObjects(ctx.db),
    kept: (keys) => repo.uploadKeysInUse(ctx.db, keys),
  };
}
