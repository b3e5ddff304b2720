// Settings > Publishing: the connections admins add, change, test and delete.
import { randomUUID } from "node:crypto";
import {
  ConnectionInputSchema,
  ConnectionPatchSchema,
  ConnectionSettingsSchema,
  PUBLISHING_LIMITS,
  type ConnectionInput,
  type ConnectionList,
  type ConnectionPatch,
  type ConnectionSettings,
  type ConnectionTestResult,
  type PublishingConnection,
  type WebflowFieldMapping,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { AppError, fieldError, orNotFound } from "../../lib/app-error";
import { SealError } from "../../lib/sealed";
import { allowedInput } from "../../lib/use-case";
import type { SessionUser } from "../../plugins/access";
import { auditBy, diffFields, recordAudit, recordChangesIfAny } from "../audit/audit.service";
import { getWebhookAllowList } from "../webhooks/webhook-allow-list";
import { adapterOf } from "./adapters";
import { connectionsPolicy } from "./publishing.policy";
import { presentConnection } from "./publishing.presenter";
import * as repo from "./publishing.repository";
import type { OpenConnection } from "./target";
import { checkOutgoingUrl, TargetError } from "./target-http";

type Ctx = Pick<AppContext, "db" | "config" | "publishingSealer">;

const NOT_FOUND = "Publishing connection not found.";

const auditTarget = (row: { id: string; name: string }) => ({
  type: "publishing_connection",
  id: row.id,
  label: row.name,
});

/** The sealed form of a connection's password or token. */
const sealSecret = (ctx: Ctx, secret: string) => ctx.publishingSealer.seal({ secret });

/**
 * A connection with its secret opened, for one call. Throws TargetError when the secret cannot
 * be opened under this server secret (it was sealed under another one).
 */
export function openConnection(
  ctx: Ctx,
  row: repo.ConnectionRow,
  allowedOrigins: string[],
): OpenConnection {
  let secret: unknown;
  try {
    secret = (ctx.publishingSealer.unseal(row.secret_sealed) as { secret?: unknown }).secret;
  } catch (error) {
    if (!(error instanceof SealError)) throw error;
  }
  if (typeof secret !== "string") {
    throw new TargetError(
      "The stored password or token cannot be opened under this server secret: enter it again.",
      null,
      false,
    );
  }
  return {
    settings: ConnectionSettingsSchema.parse({ ...row.settings, target: row.target }),
    secret,
    fieldMapping: (row.field_mapping as WebflowFieldMapping | null) ?? null,
    allowedOrigins,
    env: ctx.config.publishing,
  };
}

/** A WordPress site URL follows the rules of every outgoing URL (400 naming the field). */
async function checkSettings(ctx: Ctx, settings: ConnectionSettings): Promise<void> {
  if (settings.target !== "wordpress") return;
  try {
    await checkOutgoingUrl(settings.siteUrl, (await getWebhookAllowList(ctx.db)).allowedOrigins);
  } catch (error) {
    if (!(error instanceof TargetError)) throw error;
    const message = `Site URL: ${error.message} An admin may allow-list the origin in Settings > Webhooks.`;
    throw fieldError("body.settings.siteUrl", message);
  }
}

/** What the audit log shows of a connection's settings (never the secret). */
const shownSettings = (row: { name: string; settings: unknown; utm: unknown }) => ({
  name: row.name,
  settings: row.settings,
  utm: row.utm,
});

export async function listConnections(ctx: Ctx, actor: SessionUser): Promise<ConnectionList> {
  connectionsPolicy.authorize(actor, "manage");
  const [rows, allowList] = await Promise.all([
    repo.listConnections(ctx.db),
    getWebhookAllowList(ctx.db),
  ]);
  return { connections: rows.map(presentConnection), allowedOrigins: allowList.allowedOrigins };
}

export async function createConnection(
  ctx: Ctx,
  actor: SessionUser,
  input: ConnectionInput,
): Promise<PublishingConnection> {
  const parsed = allowedInput(actor, connectionsPolicy, "manage", ConnectionInputSchema, input);
  await checkSettings(ctx, parsed.settings);
  if ((await repo.countConnections(ctx.db)) >= PUBLISHING_LIMITS.maxConnections) {
    throw new AppError("conflict", `At most ${PUBLISHING_LIMITS.maxConnections} connections.`);
  }
  const { target, ...settings } = parsed.settings;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertConnection(trx, {
      id: randomUUID(),
      target,
      name: parsed.name,
      settings: JSON.stringify(settings),
      utm: JSON.stringify(parsed.utm),
      secret_sealed: sealSecret(ctx, parsed.secret),
      created_by: actor.id,
    });
    await recordAudit(trx, {
      ...auditBy(actor, "publishing.connection_created", auditTarget(inserted)),
      changes: {
        target: { to: target },
        ...Object.fromEntries(
          Object.entries(shownSettings(inserted)).map(([k, v]) => [k, { to: v }]),
        ),
      },
    });
    return inserted;
  });
  return presentConnection({ ...row, creator_name: actor.name });
}

export async function updateConnection(
  ctx: Ctx,
  actor: SessionUser,
  id: string,
  patch: ConnectionPatch,
): Promise<PublishingConnection> {
  const parsed = allowedInput(actor, connectionsPolicy, "manage", ConnectionPatchSchema, patch);
  const existing = orNotFound(await repo.findConnection(ctx.db, id), NOT_FOUND);
  if (parsed.settings && parsed.settings.target !== existing.target) {
    const message = "A connection's target cannot change: add another connection.";
    throw fieldError("body.settings.target", message);
  }
  if (parsed.settings) await checkSettings(ctx, parsed.settings);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = orNotFound(await repo.findConnection(trx, id, { forUpdate: true }), NOT_FOUND);
    const settings = parsed.settings
      ? (({ target: _target, ...rest }) => rest)(parsed.settings)
      : null;
    const secretChanged = Boolean(parsed.secret);
    const after = (await repo.updateConnection(trx, id, {
      ...(parsed.name !== undefined ? { name: parsed.name } : {}),
      ...(settings ? { settings: JSON.stringify(settings), field_mapping: null } : {}),
      ...(parsed.utm ? { utm: JSON.stringify(parsed.utm) } : {}),
      ...(secretChanged ? { secret_sealed: sealSecret(ctx, parsed.secret!) } : {}),
      // A changed setting or secret makes the last test say nothing about the connection now.
      ...(settings || secretChanged ? { last_test: null } : {}),
    }))!;
    const changes = {
      ...diffFields(shownSettings(before), shownSettings(after)),
      ...(secretChanged ? { secret: { to: "replaced" } } : {}),
    };
    await recordChangesIfAny(trx, {
      ...auditBy(actor, "publishing.connection_changed", auditTarget(after)),
      changes,
    });
    return after;
  });
  return presentConnection(row);
}

/** Deletes a connection and its exports' records (the drafts at the target stay). */
export async function deleteConnection(ctx: Ctx, actor: SessionUser, id: string): Promise<void> {
  connectionsPolicy.authorize(actor, "manage");
  await ctx.db.transaction().execute(async (trx) => {
    const row = orNotFound(await repo.findConnection(trx, id, { forUpdate: true }), NOT_FOUND);
    await repo.deleteConnection(trx, id);
    await recordAudit(trx, {
      ...auditBy(actor, "publishing.connection_deleted", auditTarget(row)),
      changes: { target: { from: row.target } },
    });
  });
}

/**
 * One read at the target that proves the credentials (WordPress users/me, a one-item HubSpot
 * list, the Webflow collection, whose fields give the mapping). The result is kept on the
 * connection and audited; a failure is an answer, not an error.
 */
export async function testConnection(
  ctx: Ctx,
  actor: SessionUser,
  id: string,
): Promise<PublishingConnection> {
  connectionsPolicy.authorize(actor, "manage");
  const row = orNotFound(await repo.findConnection(ctx.db, id), NOT_FOUND);
  const allowList = await getWebhookAllowList(ctx.db);
  let result: ConnectionTestResult;
  let fieldMapping: WebflowFieldMapping | undefined;
  try {
    const tested = await adapterOf(row.target).test(
      openConnection(ctx, row, allowList.allowedOrigins),
    );
    fieldMapping = tested.fieldMapping;
    result = { ok: true, message: tested.message, at: new Date().toISOString() };
  } catch (error) {
    if (!(error instanceof TargetError)) throw error;
    result = { ok: false, message: error.message, at: new Date().toISOString() };
  }
  const after = await ctx.db.transaction().execute(async (trx) => {
    const updated = orNotFound(
      await repo.updateConnection(trx, id, {
        last_test: JSON.stringify(result),
        ...(fieldMapping ? { field_mapping: JSON.stringify(fieldMapping) } : {}),
      }),
      NOT_FOUND,
    );
    await recordAudit(trx, {
      ...auditBy(actor, "publishing.connection_tested", auditTarget(updated)),
      changes: { result: { to: result.ok ? "ok" : "failed" }, message: { to: result.message } },
    });
    return updated;
  });
  return presentConnection(after);
}
