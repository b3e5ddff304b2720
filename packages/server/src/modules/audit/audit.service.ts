import {
  AUDIT_ACTION_LABELS,
  AUDIT_PAGE_SIZE,
  AuditQuerySchema,
  CSV_QUOTED_MATCH,
  escapeCsvFormula,
  type AuditAction,
  type AuditChange,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from "@content-studio/contract";
import { stringify } from "csv-stringify";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";
import type { PendingWork } from "../../lib/pending-work";
import { produceCsv } from "../../lib/csv-producer";
import * as repo from "./audit.repository";

type Db = Kysely<Database> | Transaction<Database>;

/** Who did it: a signed-in user, or (id null) someone not signed in, named by what they typed. */
export interface AuditActor {
  id: string | null;
  /** Name and email of a user, or the email that was tried. */
  label: string;
  /** The client address as Fastify sees it (`request.ip`). */
  ip: string | null;
}

export interface AuditEntryInput {
  actor: AuditActor;
  action: AuditAction;
  target?: { type: string; id?: string | null; label?: string | null };
  /** Changed fields. Keys that look like secrets (password, token, secret, key) are dropped. */
  changes?: Record<string, AuditChange>;
}

const SECRET_FIELD = /password|secret|token|api.?key|hash/i;

/** A signed-in user as an audit actor (naming the API token when one made the request). */
export function auditActorOf(user: {
  id: string;
  name: string;
  email: string;
  ip?: string;
  token?: { name: string };
}) {
  const via = user.token ? ` via API token "${user.token.name}"` : "";
  return { id: user.id, label: `${user.name} <${user.email}>${via}`, ip: user.ip ?? null };
}

/**
 * Who did what to which record, for an entry about a signed-in user's action (spread it into
 * the entry beside its `changes`).
 */
export function auditBy(
  user: Parameters<typeof auditActorOf>[0],
  action: AuditAction,
  target: NonNullable<AuditEntryInput["target"]>,
): AuditEntryInput {
  return { actor: auditActorOf(user), action, target };
}

/**
 * Appends one entry to the audit log. Call it with the transaction that makes the change, so
 * the entry exists exactly when the change does.
 */
export async function recordAudit(trx: Db, entry: AuditEntryInput): Promise<void> {
  const changes = Object.fromEntries(
    Object.entries(entry.changes ?? {}).filter(([field]) => !SECRET_FIELD.test(field)),
  );
  await repo.insertAuditEntry(trx, {
    actor_id: entry.actor.id,
    actor_label: entry.actor.label.slice(0, 300),
    action: entry.action,
    target_type: entry.target?.type ?? null,
    target_id: entry.target?.id ?? null,
    target_label: entry.target?.label?.slice(0, 300) ?? null,
    ip: entry.actor.ip,
    changes: JSON.stringify(changes),
  });
}

/**
 * Appends an entry that names changed fields, but only when there is at least one: a save that
 * changes nothing leaves no trace in the log. Same transaction rule as {@link recordAudit}.
 */
export async function recordChangesIfAny(
  trx: Db,
  entry: AuditEntryInput & { changes: Record<string, AuditChange> },
): Promise<void> {
  if (Object.keys(entry.changes).length > 0) await recordAudit(trx, entry);
}

/** `{ field: { from, to } }` for every field whose value differs (compared as JSON). */
export function diffFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

function presentAuditEntry(row: repo.AuditRow): AuditEntry {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actorId: row.actor_id,
    actorLabel: row.actor_label,
    action: row.action as AuditAction,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    ip: row.ip,
    changes: row.changes ?? {},
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function toFilter(query: AuditQuery): repo.AuditFilter {
  const q = AuditQuerySchema.parse(query);
  return {
    actorId: q.actorId || undefined,
    action: q.action,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    before: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS) : undefined,
  };
}

/** One page of entries, newest first. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const page = AuditQuerySchema.parse(query).page;
  const rows = await repo.listAuditEntries(db, toFilter(query), {
    limit: AUDIT_PAGE_SIZE + 1,
    offset: (page - 1) * AUDIT_PAGE_SIZE,
  });
  return {
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map(presentAuditEntry),
    page,
    pageSize: AUDIT_PAGE_SIZE,
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  };
}

/**
 * A spreadsheet program runs a cell that starts with = + - @ (or a tab or carriage return) as
 * a formula: such cells get a leading apostrophe (the contract's rule, shared with every CSV).
 */
export const escapeCsvCell = escapeCsvFormula;

function changesText(changes: Record<string, AuditChange>): string {
  return Object.entries(changes)
    .map(
      ([field, c]) =>
        `${field}: ${JSON.stringify(c.from ?? null)} -> ${JSON.stringify(c.to ?? null)}`,
    )
    .join("; ");
}

export const AUDIT_CSV_COLUMNS = [
  "Time (UTC)",
  "Actor",
  "Actor ID",
  "Action",
  "Action code",
  "Target type",
  "Target",
  "Target ID",
  "Client IP",
  "Changes",
] as const;

/** Every matching entry as CSV (newest first), streamed in batches. */
export function exportAuditCsv(
  ctx: { db: Db; pendingWork: PendingWork },
  query: AuditQuery,
): NodeJS.ReadableStream {
  const csv = stringify({
    header: true,
    columns: [...AUDIT_CSV_COLUMNS],
    bom: true,
    quoted_match: [...CSV_QUOTED_MATCH],
  });
  produceCsv(
    ctx.pendingWork,
    "audit CSV export",
    csv,
    repo.streamAuditEntries(ctx.db, toFilter(query)),
    (row) => {
      const e = presentAuditEntry(row);
      return [
        e.at,
        e.actorLabel,
        e.actorId ?? "",
        AUDIT_ACTION_LABELS[e.action] ?? e.action,
        e.action,
        e.targetType ?? "",
        e.targetLabel ?? "",
        e.targetId ?? "",
        e.ip ?? "",
        changesText(e.changes),
      ].map(escapeCsvCell);
    },
  );
  return csv;
}
