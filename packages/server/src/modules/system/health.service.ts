import type { ReadinessCheck, ReadinessChecks } from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { jobSchemaOf } from "../../lib/job-engine";
import { jobStoreOf } from "../../db/database";
import { migrationProvider } from "../../db/migrations";
import { executedMigrationNames, jobTablePresent, pingDatabase } from "./system.repository";

/** How long the database may take to answer the readiness probe's first query. */
export const READY_DATABASE_TIMEOUT_MS = 1_000;
/**
 * How long the example repository's S3 store may take to answer a one-key listing (the first
 * call of a process also loads and signs with the S3 client: 1 s was too short on a busy host).
 */
export const READY_STORAGE_TIMEOUT_MS = 2_000;
/**
 * How long the file store (S3_BUCKET) may take to answer a HeadBucket: its client lives as long
 * as the process and keeps its connection, so a probe is one round trip.
 */
export const READY_FILE_STORE_TIMEOUT_MS = 1_000;

export interface ReadinessResult {
  checks: ReadinessChecks;
  /** The checks that failed, in READINESS_CHECKS order; empty when ready. */
  failed: ReadinessCheck[];
  /** Why, one short clause per failed check, for the 503's message. */
  reasons: string[];
}

type ProbeLog = (check: ReadinessCheck, error: unknown) => void;

/**
 * Whether the configured object store answers within `timeoutMs`: `not_configured` when there is
 * none; throws when it does not answer. (The example repository's S3 store, handed over by
 * buildApp so that this module does not import the examples module.)
 */
export type StorageCheck = (timeoutMs: number) => Promise<"ok" | "not_configured">;

class ProbeTimeout extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process should get traffic: not stopping; the database answers within 1 s;
 * every migration of this code has run; the job engine's schema is present; the example
 * repository's S3 store answers (only when one is configured); the file store for uploads
 * (S3_BUCKET) answers a HeadBucket within 1 s (only when S3 is configured). While stopping nothing is
 * queried. `log` hears each failure's cause (never sent to the client).
 */
export async function checkReadiness(
  ctx: Pick<AppContext, "db">,
  options: { draining: boolean; storage: StorageCheck; fileStore: StorageCheck; log: ProbeLog },
): Promise<ReadinessResult> {
  const checks: ReadinessChecks = {
    draining: options.draining ? "failed" : "ok",
    database: "skipped",
    migrations: "skipped",
    jobEngine: "skipped",
    storage: "skipped",
    fileStore: "skipped",
  };
  const reasons: string[] = [];
  if (options.draining) {
    reasons.push("the server is stopping");
    return { checks, failed: ["draining"], reasons };
  }
  const failed = (check: ReadinessCheck, reason: string, error?: unknown) => {
    checks[check] = "failed";
    reasons.push(reason);
    if (error !== undefined) options.log(check, error);
  };

  // The S3 store is asked at the same time as the database (its settings are read after the
  // ping, on the same connection queue), so the probe takes at most about the longer timeout.
  const database = within(pingDatabase(ctx.db), READY_DATABASE_TIMEOUT_MS);
  const storage = database
    .then(() => options.storage(READY_STORAGE_TIMEOUT_MS))
    .then(
      (state) => ({ state, error: undefined }),
      (error: unknown) => ({ state: undefined, error }),
    );
  const fileStore = database
    .then(() => within(options.fileStore(READY_FILE_STORE_TIMEOUT_MS), READY_FILE_STORE_TIMEOUT_MS))
    .then(
      (state) => ({ state, error: undefined }),
      (error: unknown) => ({ state: undefined, error }),
    );
  try {
    await database;
    checks.database = "ok";
  } catch (error) {
    failed(
      "database",
      error instanceof ProbeTimeout
        ? `the database did not answer within ${READY_DATABASE_TIMEOUT_MS / 1000} s`
        : "the database cannot be reached",
      error,
    );
    return { checks, failed: ["database"], reasons };
  }

  const [migrations, jobs] = await Promise.allSettled([
    pendingMigrations(ctx),
    within(jobTablePresent(ctx.db, jobSchemaOf(jobStoreOf(ctx.db))), READY_DATABASE_TIMEOUT_MS),
  ]);
  if (migrations.status === "rejected") {
    failed("migrations", "the migrations could not be read", migrations.reason);
  } else if (migrations.value.length > 0) {
    const [first] = migrations.value;
    failed(
      "migrations",
      `${migrations.value.length} migration(s) have not run (the first is ${first})`,
    );
  } else {
    checks.migrations = "ok";
  }
  if (jobs.status === "rejected")
    failed("jobEngine", "the job engine's schema could not be read", jobs.reason);
  else if (!jobs.value) failed("jobEngine", "the job engine's schema is missing");
  else checks.jobEngine = "ok";
  const store = await storage;
  if (store.state) checks.storage = store.state;
  else failed("storage", "the example repository's S3 store did not answer", store.error);
  const files = await fileStore;
  if (files.state) checks.fileStore = files.state;
  else
    failed(
      "fileStore",
      `the file store did not answer within ${READY_FILE_STORE_TIMEOUT_MS / 1000} s`,
      files.error,
    );
  return {
    checks,
    failed: (Object.keys(checks) as ReadinessCheck[]).filter((c) => checks[c] === "failed"),
    reasons,
  };
}

/** The migrations of this code the database has not run, oldest first. */
async function pendingMigrations(ctx: Pick<AppContext, "db">): Promise<string[]> {
  const executed = new Set(await within(executedMigrationNames(ctx.db), READY_DATABASE_TIMEOUT_MS));
  const known = Object.keys(await migrationProvider.getMigrations()).sort();
  return known.filter((name) => !executed.has(name));
}
