import type { PGlite } from "@electric-sql/pglite";
import type { Kysely } from "kysely";
import {
  PgBoss,
  fromKysely,
  fromPglite,
  type FlowJob,
  type Job,
  type JobResult,
  type Queue,
  type SendOptions,
  type WorkOptions,
} from "pg-boss";

/**
 * Where the job engine keeps its tables: the embedded PGlite (in process, no other connection),
 * or a schema on the PostgreSQL server (its own small pool and a LISTEN connection).
 */
export type JobStore =
  { kind: "pglite"; pglite: PGlite } | { kind: "postgres"; url: string; schema: string };

/** The schema the engine keeps its tables in (`<schema>.job` holds every queue's jobs). */
export function jobSchemaOf(store: JobStore): string {
  return store.kind === "pglite" ? "pgboss" : store.schema;
}

/** A queue, its settings and (optionally) the worker this process runs for it. */
export interface QueueDefinition<T extends object> {
  name: string;
  options?: Omit<Queue, "name">;
  worker?: {
    options?: WorkOptions;
    /**
     * Runs one job. Throwing fails the attempt (retried per the queue's policy); throwing
     * `JobGivenUp` fails the job at once, without the remaining retries, into its dead letter.
     */
    handler: (job: Job<T>) => Promise<void>;
  };
}

/** Thrown by a handler when no retry can help: the job goes straight to its dead-letter queue. */
export class JobGivenUp extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JobGivenUp";
  }
}

/** The transaction (or database) a job is written in, so it commits with the rows it needs. */
export type JobWriter = Pick<Kysely<unknown>, "executeQuery">;

/** The PGlite databases an engine of this process has looked for a dead process's jobs in. */
const sweptStores = new WeakSet<PGlite>();

/** How often expired heartbeats and jobs are looked for (seconds). */
const SUPERVISE_SECONDS = 5;

type EngineLog = {
  error(o: object, msg: string): void;
  warn(o: object, msg: string): void;
};

export interface JobEngineOptions {
  /**
   * Whether this process runs jobs (SERVER_ROLE `worker` or `all`). A process that does not
   * (`web`) still creates the queues and writes jobs in its transactions, but runs no worker,
   * no supervision (expired heartbeats, flow resolution) and no cron schedule.
   */
  runsJobs: boolean;
}

/**
 * The one way this server runs work later: pg-boss, on PGlite or PostgreSQL (decision 0040).
 * Modules define their queues before start; jobs are written inside the caller's Kysely
 * transaction, so a job exists exactly when the rows it works on do. Started once (idempotent);
 * stopping waits for running handlers up to a deadline.
 */
export class JobEngine {
  readonly #boss: PgBoss;
  readonly #queues = new Map<string, QueueDefinition<object>>();
  #started: Promise<void> | undefined;
  #stopped = false;
  readonly #stopping = new AbortController();

  readonly #runsJobs: boolean;
  readonly #store: JobStore;

  constructor(
    store: JobStore,
    private readonly log: EngineLog,
    options: JobEngineOptions = { runsJobs: true },
  ) {
    this.#runsJobs = options.runsJobs;
    this.#store = store;
    // A worker that died (kill -9, a lost machine) stops sending heartbeats: the supervisor,
    // every SUPERVISE_SECONDS, fails its job so that another attempt takes it over. The queues'
    // backlog counts (which let a worker fetch again at once, see `burstWhenReadyExceeds` below)
    // are counted and read back as often.
    const supervision = options.runsJobs
      ? {
          superviseIntervalSeconds: SUPERVISE_SECONDS,
          monitorIntervalSeconds: SUPERVISE_SECONDS,
          queueCacheIntervalSeconds: SUPERVISE_SECONDS,
        }
      : { supervise: false, schedule: false };
    // A flow's dependent job (a kit's cell check) is unblocked by pg-boss's background resolver,
    // not when the job it waits for completes: every `flowIntervalSeconds` (default 5 s). At 5 s
    // the last cell check of a kit, and so the kit's end, waited up to 5 s after its last asset;
    // at 1 s (the minimum) the resolver's gate is one small query a second.
    const flowIntervalSeconds = 1;
    this.#boss =
      store.kind === "pglite"
        ? new PgBoss({
            db: fromPglite(store.pglite),
            backend: "pglite",
            useListenNotify: true,
            schema: jobSchemaOf(store),
            ...supervision,
            flowIntervalSeconds,
          })
        : new PgBoss({
            connectionString: store.url,
            schema: jobSchemaOf(store),
            max: 4,
            application_name: "content-studio jobs",
            useListenNotify: true,
            ...supervision,
            flowIntervalSeconds,
          });
    this.#boss.on("error", (error: Error) =>
      this.log.error({ err: { message: error.message } }, "job engine error"),
    );
  }

  /** Declares a queue (and its worker); call before start. */
  define<T extends object>(definition: QueueDefinition<T>): void {
    if (this.#started) throw new Error(`Queue ${definition.name} defined after the engine started`);
    this.#queues.set(definition.name, definition as unknown as QueueDefinition<object>);
  }

  /** Installs or migrates the engine's schema, creates the queues and starts the workers. */
  start(): Promise<void> {
    this.#started ??= this.#start().catch((error: unknown) => {
      this.#started = undefined;
      throw error;
    });
    return this.#started;
  }

  async #start(): Promise<void> {
    await this.#boss.start();
    const existing = new Set((await this.#boss.getQueues()).map((q) => q.name));
    // Dead-letter queues first: a queue naming one needs it to exist.
    const ordered = [...this.#queues.values()].sort(
      (a, b) => Number(Boolean(a.options?.deadLetter)) - Number(Boolean(b.options?.deadLetter)),
    );
    for (const queue of ordered) {
      if (existing.has(queue.name)) await this.#boss.updateQueue(queue.name, updatable(queue));
      else await this.#boss.createQueue(queue.name, queue.options ?? {});
    }
    if (!this.#runsJobs) return;
    if (this.#store.kind === "pglite") await this.#failOrphans(this.#store.pglite);
    for (const queue of ordered) {
      const worker = queue.worker;
      if (!worker) continue;
      await this.#boss.work<object>(
        queue.name,
        {
          batchSize: 1,
          pollingIntervalSeconds: 2,
          // A worker waits its polling interval after every job, even with more ready: a backlog
          // of 23 kit checks left by a cancelled kit drained at two a second and held a new kit's
          // end back 11 s. While the queue's count says more than one job is ready, a worker that
          // just finished one fetches the next at once; a fetch that finds none ends that.
          burstWhenReadyExceeds: 1,
          ...worker.options,
          perJobResults: true,
        },
        async (jobs) => {
          const results: JobResult[] = [];
          for (const job of jobs) {
            try {
              await worker.handler(job);
              results.push({ id: job.id, status: "completed" });
            } catch (error) {
              // Any other error fails the batch, and each attempt is retried per the queue.
              if (!(error instanceof JobGivenUp)) throw error;
              results.push({
                id: job.id,
                status: "deadletter",
                output: { message: error.message },
              });
            }
          }
          return results;
        },
      );
    }
  }

  /**
   * On PGlite one process holds the data directory, so the jobs the store has as running when
   * the first engine of this process starts on it belong to a process that died (a graceful stop
   * ends or fails its own). Each fails now, as an attempt, and is retried per its queue, instead
   * of waiting for its heartbeat to lapse (10 s and more after the restart). On PostgreSQL
   * another process may be running them: there only the heartbeat tells.
   */
  async #failOrphans(pglite: PGlite): Promise<void> {
    if (sweptStores.has(pglite)) return;
    sweptStores.add(pglite);
    const { rows } = await pglite.query<{ name: string; id: string }>(
      `SELECT name, id FROM ${jobSchemaOf(this.#store)}.job WHERE state = 'active'`,
    );
    for (const name of new Set(rows.map((row) => row.name))) {
      const ids = rows.filter((row) => row.name === name).map((row) => row.id);
      await this.#boss.fail(name, ids, { message: "The server stopped while this job ran." });
      this.log.warn(
        { queue: name, jobs: ids.length },
        "job engine: jobs of a stopped process retried",
      );
    }
  }

  /**
   * Aborted when stop() begins: long handlers (an ingest) stop at their next step and throw,
   * so the engine runs their job again later instead of waiting out the stop deadline.
   */
  get stopping(): AbortSignal {
    return this.#stopping.signal;
  }

  /** Whether this process runs jobs (see {@link JobEngineOptions.runsJobs}). */
  get runsJobs(): boolean {
    return this.#runsJobs;
  }

  get started(): boolean {
    return this.#started !== undefined && !this.#stopped;
  }

  /** Writes a job in `trx` (it exists once that transaction commits). */
  async send<T extends object>(
    trx: JobWriter,
    name: string,
    data: T,
    options: SendOptions = {},
  ): Promise<string | null> {
    await this.start();
    return this.#boss.send(name, data, { ...options, db: fromKysely(trx) });
  }

  /** Writes a dependency flow in `trx`: each job starts once the jobs it depends on completed. */
  async flow(trx: JobWriter, jobs: FlowJob[]): Promise<Record<string, string>> {
    await this.start();
    return this.#boss.flow(jobs, { db: fromKysely(trx) });
  }

  /** Cancels jobs that have not finished (a running handler is not interrupted). */
  async cancel(name: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.start();
    await this.#boss.cancel(name, ids);
  }

  /** Whether this attempt of the job is still running somewhere (a worker holds it). */
  async isRunning(name: string, id: string, attempt: number): Promise<boolean> {
    await this.start();
    const [job] = await this.#boss.findJobs(name, { id });
    return job?.state === "active" && job.retryCount === attempt;
  }

  /** The state of one job (`created`, `active`, `completed`, ...), undefined when unknown. */
  async stateOf(name: string, id: string): Promise<string | undefined> {
    await this.start();
    const [job] = await this.#boss.findJobs(name, { id });
    return job?.state;
  }

  /** A recurring job on a cron schedule (every instance may call it; kept once per name). */
  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    await this.start();
    await this.#boss.schedule(name, cron, data);
  }

  /**
   * Jobs of a queue in each state (tests and the health answer), as pg-boss's monitor last
   * counted them: only a process that runs jobs (see `runsJobs`) keeps them current.
   */
  async counts(name: string): Promise<Record<string, number>> {
    await this.start();
    const queue = await this.#boss.getQueue(name);
    return {
      queued: queue?.queuedCount ?? 0,
      active: queue?.activeCount ?? 0,
      deferred: queue?.deferredCount ?? 0,
      total: queue?.totalCount ?? 0,
    };
  }

  /**
   * Every queue's jobs by state, from the engine's queue statistics (refreshed by its monitor
   * every few seconds, not counted per call); none before the engine started (a scrape never
   * starts it).
   */
  async queueCounts(): Promise<{ queue: string; counts: Record<string, number> }[]> {
    if (!this.started) return [];
    await this.#started;
    return (await this.#boss.getQueues()).map((q) => ({
      queue: q.name,
      counts: {
        ready: q.readyCount,
        deferred: q.deferredCount,
        active: q.activeCount,
        failed: q.failedCount,
      },
    }));
  }

  /** The names of the queues this process defined. */
  get queueNames(): string[] {
    return [...this.#queues.keys()];
  }

  /**
   * Stops fetching new jobs and waits (up to `timeoutMs`) for running handlers; a handler still
   * running then is abandoned, and another worker takes its job over once its heartbeat stops.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#stopping.abort();
    if (!this.#started) return;
    await this.#started.catch(() => undefined);
    try {
      await this.#boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    } catch (error) {
      this.log.warn({ err: { message: String(error) } }, "job engine did not stop cleanly");
    }
  }
}

/** The settings updateQueue accepts (a queue's policy, partition and dead letter are fixed). */
function updatable(queue: QueueDefinition<object>) {
  const { policy: _p, partition: _pa, deadLetter, heartbeatSeconds, ...rest } = queue.options ?? {};
  return {
    ...rest,
    ...(deadLetter ? { deadLetter } : {}),
    heartbeatSeconds: heartbeatSeconds ?? null,
  };
}
