import { sql } from "kysely";
import { idTable, type Db } from "../../db/queries";
import type { NewProofFact, ProofFactRow } from "../../db/types";
import type { FactStatus } from "@content-studio/contract";

const facts = idTable("proof_fact");
export const findFact = facts.find;

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

export const updateFact = facts.update;

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
