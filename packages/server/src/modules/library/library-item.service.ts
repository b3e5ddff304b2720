// One Library item: loading it, the guards every action on it shares (authorising under the
// organisation's rules, locking and re-checking, auditing), reading it and exporting it.
import {
  type ExportFormat,
  type LibraryAction,
  type LibraryItemDetail,
  type AuditAction,
} from "@content-studio/contract";
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../../app-context";
import type { Database } from "../../db/types";
import { AppError, orNotFound } from "../../lib/app-error";
import type { SessionUser } from "../../plugins/access";
import { textSectionsOf, type TextSections } from "../../lib/text-sections";
import { auditActorOf, recordAudit } from "../audit/audit.service";
import { getGenerationSettings, getQualityThreshold } from "../settings/generation-settings";
import { exportContent, type ExportFile } from "./library.export";
import {
  libraryPolicyFor,
  type LibraryRules,
  type PolicyActor,
  type PolicyItem,
} from "./library.policy";
import { presentLibraryDetail } from "./library.presenter";
import { emitExported } from "./library-webhooks";
import * as repo from "./library.repository";

export const NOT_FOUND = "Content not found.";
export const DAY_MS = 86_400_000;

/** The organisation's quality threshold (owned by the settings module). */
export const qualityThreshold = getQualityThreshold;

/** The organisation's rules for the library (owned by the settings module). */
export async function libraryRules(db: Kysely<Database>): Promise<LibraryRules> {
  const { allowSelfApproval } = await getGenerationSettings(db);
  return { allowSelfApproval };
}

/**
 * Throws 403 when the role (or whose item it is) never allows the action, 409 when the item's
 * state does not now. Only approval depends on the organisation's rules.
 */
export function authorize(
  actor: PolicyActor,
  action: LibraryAction,
  item: PolicyItem,
  rules: LibraryRules = { allowSelfApproval: false },
): void {
  libraryPolicyFor(rules).authorize(actor, action, item);
}

/** The stored item (any status, in the Trash too), or undefined when there is none. */
export function findLibraryItem(
  db: Kysely<Database>,
  id: string,
): Promise<repo.LibraryItemRow | undefined> {
  return repo.findLibraryItem(db, id);
}

export async function loadItem(db: Kysely<Database>, id: string): Promise<repo.LibraryItemRow> {
  const row = orNotFound(await repo.findLibraryItem(db, id), NOT_FOUND);
  return row;
}

/** Locks the row and checks nobody changed it since `seen` was read. */
export async function lockUnchanged(
  trx: Transaction<Database>,
  seen: { id: string; version: number; status: string; deleted_at: Date | null },
) {
  const locked = orNotFound(await repo.lockLibraryItem(trx, seen.id), NOT_FOUND);
  if (
    locked.version !== seen.version ||
    locked.status !== seen.status ||
    (locked.deleted_at === null) !== (seen.deleted_at === null)
  ) {
    throw new AppError("conflict", "This content was changed meanwhile. Reload it and try again.");
  }
  return locked;
}

export async function getLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<LibraryItemDetail> {
  const [row, settings] = await Promise.all([loadItem(ctx.db, id), getGenerationSettings(ctx.db)]);
  return presentLibraryDetail(row, actor, settings.qualityThreshold, {
    allowSelfApproval: settings.allowSelfApproval,
  });
}

export function auditContent(
  trx: Transaction<Database>,
  actor: SessionUser,
  action: AuditAction,
  row: { id: string; title: string },
  changes?: Record<string, { from: unknown; to: unknown }>,
): Promise<void> {
  return recordAudit(trx, {
    actor: auditActorOf(actor),
    action,
    target: { type: "content", id: row.id, label: row.title },
    changes,
  });
}

export async function exportLibraryItem(
  ctx: AppContext,
  id: string,
  format: ExportFormat,
): Promise<ExportFile> {
  return ctx.metrics.countExport("library_item", async () => {
    const row = await loadItem(ctx.db, id);
    const file = exportContent(
      {
        title: row.title,
        ...textSectionsOf(row),
        contentType: row.content_type,
        personaName: row.persona_title,
        industryName: row.industry_name,
        buyingStage: row.buying_stage,
        version: row.version,
        updatedAt: new Date(row.updated_at).toISOString(),
      },
      format,
    );
    await emitExported(ctx, row, format);
    return file;
  });
}

/** The text sections of an item or a version. */
export interface Sections extends TextSections {
  title: string;
}

/** The quality-check request for an item's text `s` (its own brief: audience, type, metrics, topic). */
export function checkRequest(row: repo.LibraryItemRow, s: Sections) {
  return {
    ...textSectionsOf(s),
    personaId: row.persona_id,
    industryId: row.industry_id,
    buyingStage: row.buying_stage,
    contentType: row.content_type,
    keyMetricsToInclude: row.key_metrics,
    // The same brief the generator scored against: the item's topic is part of it.
    contentTopic: row.topic.trim() || undefined,
  };
}
