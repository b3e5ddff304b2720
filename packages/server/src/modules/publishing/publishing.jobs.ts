import { PUBLISHING_LIMITS, PUBLISHING_TARGET_LABELS } from "@content-studio/contract";
import type { Transaction } from "kysely";
import type { Job } from "pg-boss";
import type { AppContext } from "../../app-context";
import type { Database } from "../../db/types";
import { recordAudit, type AuditActor } from "../audit/audit.service";
import { campaignOfItem } from "../campaigns/kit-findings";
import { findLibraryItem, findVersion } from "../library/library.repository";
import { getWebhookAllowList } from "../webhooks/webhook-allow-list";
import { emitWebhookEvent } from "../webhooks/webhooks.service";
import { adapterOf } from "./adapters";
import { draftDocument, utmParameters } from "./draft-document";
import { openConnection } from "./publishing-connections.service";
import { exportableVersion } from "./publishing.policy";
import * as repo from "./publishing.repository";
import type { DraftRef } from "./target";
import { TargetError } from "./target-http";

/** The job engine's queue of draft exports (one job per attempt). */
export const PUBLISHING_QUEUE = "publishing-export";

/** What the connections' secrets are sealed for: changing it makes every stored one unreadable. */
export const PUBLISHING_KEY_PURPOSE = "content-studio publishing v1";

export interface ExportJob {
  exportId: string;
  attempt: number;
}

/** The server itself, as the actor of delivery attempts. */
export const EXPORT_ACTOR: AuditActor = { id: null, label: "Draft export", ip: null };

/** A Retry-After longer than this is capped. */
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

type ExportCtx = Pick<AppContext, "db" | "config" | "jobEngine" | "publishingSealer">;

/** Queues attempt `attempt` of an export in `trx` (the engine must already run). */
export async function queueExport(
  ctx: Pick<AppContext, "jobEngine">,
  trx: Transaction<Database>,
  exportId: string,
  attempt: number,
  startAfter?: Date,
): Promise<void> {
  if (!ctx.jobEngine.started) throw new Error("The job engine must start before exports queue.");
  await ctx.jobEngine.send<ExportJob>(
    trx,
    PUBLISHING_QUEUE,
    { exportId, attempt },
    startAfter ? { startAfter } : undefined,
  );
}

/**
 * The export queue. A failed call is not retried by the engine: the handler records it and
 * queues the next attempt after the schedule's wait or the target's Retry-After, if longer.
 */
export function definePublishingQueue(ctx: ExportCtx): void {
  ctx.jobEngine.define<ExportJob>({
    name: PUBLISHING_QUEUE,
    options: {
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: Math.ceil((ctx.config.publishing.timeoutMs * 4) / 1000) + 60,
      deleteAfterSeconds: 7 * 24 * 60 * 60,
      notify: true,
    },
    worker: {
      // One at a time per process: two attempts of one export never race to create a draft.
      options: { localConcurrency: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 },
      handler: (job: Job<ExportJob>) => runExport(ctx, job.data),
    },
  });
}

/** The wait before attempt `attempt + 1`, or null when the schedule is spent. */
export function nextExportWait(
  schedule: number[],
  attempt: number,
  retryAfterMs: number | null,
): number | null {
  const step = schedule[attempt - 1];
  if (step === undefined) return null;
  return Math.max(step, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
}

async function runExport(ctx: ExportCtx, job: ExportJob): Promise<void> {
  const row = await repo.findExport(ctx.db, job.exportId);
  if (row?.status !== "pending") return;
  const [connection, item] = await Promise.all([
    repo.findConnection(ctx.db, row.connection_id),
    findLibraryItem(ctx.db, row.content_item_id),
  ]);
  if (!connection || !item) return;
  const started = Date.now();
  let outcome: { ok: true; ref: DraftRef } | { ok: false; error: TargetError };
  try {
    // The approval is checked again: an edit since the request voids it.
    if (exportableVersion(item) !== row.requested_version) {
      throw new TargetError(
        `Version ${row.requested_version} is no longer approved; nothing was sent. Approve the content again.`,
        null,
        false,
      );
    }
    const version = await findVersion(ctx.db, item.id, row.requested_version);
    if (!version) throw new TargetError("The approved version is missing.", null, false);
    const allowList = await getWebhookAllowList(ctx.db);
    const open = openConnection(ctx, connection, allowList.allowedOrigins);
    const utm = utmParameters(connection.utm, await campaignOfItem(ctx, item.id));
    const doc = { ...draftDocument(item.id, version, utm), key: row.external_key };
    const adapter = adapterOf(connection.target);
    // The stored id first; then the key, for a create whose answer was lost; then a new draft.
    const known = row.external_id ?? (await adapter.findDraft(open, doc))?.externalId ?? null;
    const ref = known
      ? await adapter.updateDraft(open, known, doc)
      : await adapter.createDraft(open, doc);
    outcome = { ok: true, ref };
  } catch (error) {
    if (!(error instanceof TargetError)) throw error;
    outcome = { ok: false, error };
  }
  await recordOutcome(ctx, job, row, { ...connection, itemTitle: item.title }, outcome, started);
}

async function recordOutcome(
  ctx: ExportCtx,
  job: ExportJob,
  row: repo.ExportRow,
  connection: repo.ConnectionRow & { itemTitle: string },
  outcome: { ok: true; ref: DraftRef } | { ok: false; error: TargetError },
  started: number,
): Promise<void> {
  const label = `${connection.name} (${PUBLISHING_TARGET_LABELS[connection.target]})`;
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findExport(trx, row.id, { forUpdate: true });
    if (current?.status !== "pending") return;
    const attempts = current.attempts + 1;
    await recordAudit(trx, {
      actor: EXPORT_ACTOR,
      action: "publishing.delivery_attempted",
      target: { type: "content", id: row.content_item_id, label: connection.itemTitle },
      changes: {
        connection: { to: label },
        version: { to: row.requested_version },
        attempt: { to: attempts },
        status: { to: outcome.ok ? null : outcome.error.status },
        result: { to: outcome.ok ? "drafted" : outcome.error.message },
        externalId: { to: outcome.ok ? outcome.ref.externalId : current.external_id },
        durationMs: { to: Date.now() - started },
      },
    });
    if (outcome.ok) {
      await repo.updateExport(trx, row.id, {
        status: "drafted",
        attempts,
        external_id: outcome.ref.externalId,
        external_url: outcome.ref.externalUrl ?? current.external_url,
        exported_version: row.requested_version,
        last_error: null,
        next_attempt_at: null,
      });
      await emitWebhookEvent(ctx, trx, {
        type: "content.exported",
        data: {
          itemId: row.content_item_id,
          title: connection.itemTitle,
          version: row.requested_version,
          format: `${connection.target}-draft`,
          connection: connection.name,
          externalId: outcome.ref.externalId,
        },
        path: `/library/${row.content_item_id}`,
      });
      return;
    }
    const error = outcome.error.message.slice(0, PUBLISHING_LIMITS.errorChars);
    const wait = outcome.error.retryable
      ? nextExportWait(
          ctx.config.publishing.retryScheduleMs,
          job.attempt,
          outcome.error.retryAfterMs,
        )
      : null;
    if (wait === null) {
      await repo.updateExport(trx, row.id, {
        status: "failed",
        attempts,
        last_error: error,
        next_attempt_at: null,
      });
      return;
    }
    const at = new Date(Date.now() + wait);
    await queueExport(ctx, trx, row.id, job.attempt + 1, at);
    await repo.updateExport(trx, row.id, { attempts, last_error: error, next_attempt_at: at });
  });
}
