// Send as draft: an approved item's approved version queued for a connection, and the item's
// exports as the library item screen shows them.
import { randomUUID } from "node:crypto";
import {
  PUBLISHING_TARGET_LABELS,
  type ContentExport,
  type ItemExports,
  type SendDraftBody,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { AppError, orNotFound } from "../../lib/app-error";
import type { SessionUser } from "../../plugins/access";
import { auditActorOf, recordAudit } from "../audit/audit.service";
import { loadItem, lockUnchanged } from "../library/library-item.service";
import { queueExport } from "./publishing.jobs";
import { exportableVersion, exportPolicy, NOT_EXPORTABLE_MESSAGE } from "./publishing.policy";
import { presentExport } from "./publishing.presenter";
import * as repo from "./publishing.repository";
import { draftKey } from "./draft-document";

/** The item's exports; admins also get the connections they may send it to now. */
export async function listItemExports(
  ctx: AppContext,
  actor: SessionUser,
  itemId: string,
): Promise<ItemExports> {
  const item = await loadItem(ctx.db, itemId);
  exportPolicy.authorize(actor, "view", item);
  const can = exportPolicy.capabilities(actor, item);
  const [rows, connections] = await Promise.all([
    repo.listExportsOfItem(ctx.db, itemId),
    can.send ? repo.listConnections(ctx.db) : Promise.resolve([]),
  ]);
  return {
    exports: rows.map(presentExport),
    targets: connections.map((c) => ({ id: c.id, name: c.name, target: c.target })),
    can: { send: can.send },
    blockedReason:
      exportPolicy.refusal(actor, "send", item) === "conflict" ? NOT_EXPORTABLE_MESSAGE : null,
  };
}

/**
 * Queues the item's approved version for the connection: a new draft, or the same draft
 * updated when the item went there before. Refused (409) unless the item is approved or
 * published and `version` is its approved version, and while an export to the connection is
 * still under way.
 */
export async function sendDraft(
  ctx: AppContext,
  actor: SessionUser,
  itemId: string,
  body: SendDraftBody,
): Promise<ContentExport> {
  const item = await loadItem(ctx.db, itemId);
  exportPolicy.authorize(actor, "view", item);
  const connection = orNotFound(
    await repo.findConnection(ctx.db, body.connectionId),
    "Publishing connection not found.",
  );
  const label = `${connection.name} (${PUBLISHING_TARGET_LABELS[connection.target]})`;
  if (exportPolicy.refusal(actor, "send", item) === "conflict") {
    const previous = await repo.findExportOf(ctx.db, itemId, connection.id);
    if (previous?.exported_version != null) {
      throw new AppError(
        "conflict",
        `This content changed after version ${previous.exported_version} was sent to ${label}. Approve it again before sending it again.`,
      );
    }
  }
  exportPolicy.authorize(actor, "send", item);
  const approved = exportableVersion(item)!;
  if (body.version !== approved) {
    throw new AppError(
      "conflict",
      `Version ${body.version} is not the approved version (${approved}). Only the approved version is sent.`,
      { approvedVersion: approved },
    );
  }
  await ctx.jobEngine.start();
  const row = await ctx.db.transaction().execute(async (trx) => {
    // The item is as it was read (same version and state) while the export is queued.
    await lockUnchanged(trx, item);
    const existing = await repo.findExportOf(trx, itemId, connection.id, { forUpdate: true });
    if (existing?.status === "pending") {
      throw new AppError("conflict", `A draft export to ${label} is already under way.`);
    }
    const queued = existing
      ? (await repo.updateExport(trx, existing.id, {
          requested_version: approved,
          status: "pending",
          attempts: 0,
          last_error: null,
          next_attempt_at: new Date(),
          requested_by: actor.id,
        }))!
      : await repo.insertExport(trx, {
          id: randomUUID(),
          content_item_id: itemId,
          connection_id: connection.id,
          requested_version: approved,
          external_key: draftKey(itemId, item.title),
          status: "pending",
          next_attempt_at: new Date(),
          requested_by: actor.id,
        });
    await queueExport(ctx, trx, queued.id, 1);
    await recordAudit(trx, {
      actor: auditActorOf(actor),
      action: "publishing.export_requested",
      target: { type: "content", id: itemId, label: item.title },
      changes: {
        connection: { to: label },
        version: { to: approved },
        externalId: { to: queued.external_id },
      },
    });
    return queued;
  });
  return presentExport({ ...row, connection_name: connection.name, target: connection.target });
}
