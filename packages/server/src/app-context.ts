import type { QualityCheckBody, QualityReport } from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Config } from "./config";
import type { DatabaseKind } from "./db/database";
import type { Database } from "./db/types";
import type { PendingWork } from "./lib/pending-work";
import type { FairQueue } from "./lib/fair-queue";
import type { JobEngine } from "./lib/job-engine";
import type { AppMetrics } from "./lib/metrics";
import type { Sealer } from "./lib/sealed";
import type { Auth } from "./modules/auth/auth";
import type { Mailer } from "./modules/mail/mail.service";
import type { SimilarityIndex } from "./modules/quality/similarity";
import type { ObjectStore } from "./modules/storage/object-store";

/** What every module is built with: created once in buildApp, passed down explicitly. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  auth: Auth;
  /** Work requests started and did not wait for (CSV producers); shutdown waits for it. */
  pendingWork: PendingWork;
  /**
   * Work that runs later and survives restarts (pg-boss): kits, example ingests, mail, the
   * Trash purge.
   */
  jobEngine: JobEngine;
  /** The cap and fair queue in front of example searches (one per process). */
  exampleSearches: FairQueue;
  /** Outgoing mail (disabled unless SMTP_URL and MAIL_FROM are set). */
  mailer: Mailer;
  /** This app's Prometheus metrics (GET /metrics), in a registry of its own. */
  metrics: AppMetrics;
  /**
   * Where uploads above the inline limit are kept (S3 or DATA_DIR/objects); absent when
   * neither is configured (then every file stays in the database). Decision 0050.
   */
  objectStore?: ObjectStore;
  /** Seals webhook signing secrets at rest (a key derived from the server secret). */
  webhookSealer: Sealer;
  /** Seals publishing connections' passwords and tokens at rest (a key of its own purpose). */
  publishingSealer: Sealer;
  /** Seals single sign-on client secrets at rest (its own key derived from the server secret). */
  ssoSealer: Sealer;
  /**
   * The editor's review combined into a quality check the user sees (implemented by the
   * content module, which reaches the AI provider; wired in buildApp so that the quality and
   * library modules, which the content module imports, can run it without importing it back).
   * Absent: checks are deterministic only.
   */
  editorReview?: EditorReviewHook;
  /**
   * The Library's items as a similarity index, for the quality check's duplicate gate
   * (implemented by the library module and wired in buildApp, like `editorReview`). Absent:
   * copy is compared with the benchmark examples only.
   */
  libraryIndex?: (ctx: Pick<AppContext, "db">) => Promise<SimilarityIndex>;
  /**
   * The campaign-kit findings of a library item (implemented by the campaigns module, which
   * imports the library, and wired in buildApp): they block its approval. Null when the item
   * was not written by a kit.
   */
  kitFindingsOf?: (
    ctx: Pick<AppContext, "db">,
    itemId: string,
  ) => Promise<{ asset: string; language: string; messages: string[] } | null>;
}

/** What a quality check asks of the editor's review. */
export interface EditorReviewRequest {
  input: QualityCheckBody;
  /** The deterministic report of `input`. */
  report: QualityReport;
  /** The client went away. */
  signal?: AbortSignal;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Runs the review (when switched on and an AI provider is configured) and answers the report
 * combined with it. Never throws because of the review: a failure is recorded in the report.
 */
export type EditorReviewHook = (
  ctx: AppContext,
  request: EditorReviewRequest,
) => Promise<QualityReport>;
