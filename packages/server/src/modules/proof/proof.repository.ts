import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, NewProofFact, ProofFactRow } from "../../db/types";
import type { FactStatus } from "@content-studio/contract";

type Db = Kysely<Database> | Transaction<Database>;

export function findFact(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProofFactRow | undefined> {
  const query = db.selectFrom("proof_fact").selectAll().where("id", "=", id);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** Facts, newest change first; `q` matches statement, source and owner (case-insensitive). */
export function listFacts(
  db: Db,
  filter: { q?: string; status?: FactStatus },
): Promise<ProofFactRow[]> {
  let query = db.selectFrom("proof_fact").selectAll();
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb("statement", "ilike", like),
        eb("source", "ilike", like),
        eb("owner", "ilike", like),
      ]),
    );
  }
  return query.orderBy("updated_at", "desc").orderBy("id").limit(1000).execute();
}

/** Approved facts (expired ones included: claims relying on them are reported as expired). */
export function listApprovedFacts(db: Db): Promise<ProofFactRow[]> {
  return db
    .selectFrom("proof_fact")
    .selectAll()
    .where("status", "=", "approved")
    .orderBy("id")
    .execute();
}

export async function insertFact(db: Db, row: NewProofFact): Promise<void> {
  await db.insertInto("proof_fact").values(row).execute();
}

export async function insertFactsIfAbsent(db: Db, rows: NewProofFact[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("proof_fact")
    .values(rows)
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export async function updateFact(
  db: Db,
  id: string,
  update: Partial<Omit<NewProofFact, "id" | "created_at">>,
): Promise<ProofFactRow | undefined> {
  return db
    .updateTable("proof_fact")
    .set({ ...update, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/** Stored content items whose quality report binds at least one claim to the fact. */
export function findContentUsingFact(
  db: Db,
  factId: string,
): Promise<{ id: string; title: string; created_at: Date; claims: unknown }[]> {
  const probe = JSON.stringify([{ factId }]);
  return db
    .selectFrom("content_item")
    .select(["id", "title", "created_at", sql<unknown>`quality_report -> 'claims'`.as("claims")])
    .where(sql<boolean>`(quality_report -> 'claims') @> ${probe}::jsonb`)
    .orderBy("created_at", "desc")
    .limit(500)
    .execute();
}
