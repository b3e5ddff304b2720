import type { Kysely, Transaction } from "kysely";
import type { AuditLogTable, Database } from "../../db/types";
import type { Insertable, Selectable } from "kysely";

type Db = Kysely<Database> | Transaction<Database>;

export type AuditRow = Selectable<AuditLogTable>;

/** The only write: audit entries are appended, never updated or deleted (a trigger enforces it). */
export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto("audit_log").values(entry).execute();
}

export interface AuditFilter {
  actorId?: string;
  action?: string;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  before?: Date;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom("audit_log").selectAll();
  if (filter.actorId) query = query.where("actor_id", "=", filter.actorId);
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.from) query = query.where("at", ">=", filter.from);
  if (filter.before) query = query.where("at", "<", filter.before);
  return query;
}

/** Newest first; one row more than asked for tells whether a further page exists. */
export function listAuditEntries(
  db: Db,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditRow[]> {
  return filtered(db, filter)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Every matching entry, newest first, in batches (for the CSV export). */
export async function* streamAuditEntries(
  db: Db,
  filter: AuditFilter,
  batchSize = 1000,
): AsyncGenerator<AuditRow[]> {
  let cursor: { at: Date; id: string } | undefined;
  for (;;) {
    let query = filtered(db, filter);
    if (cursor) {
      const { at, id } = cursor;
      query = query.where((eb) =>
        eb.or([eb("at", "<", at), eb.and([eb("at", "=", at), eb("id", "<", id)])]),
      );
    }
    const rows = await query.orderBy("at", "desc").orderBy("id", "desc").limit(batchSize).execute();
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.at, id: last.id };
    if (rows.length < batchSize) return;
  }
}
