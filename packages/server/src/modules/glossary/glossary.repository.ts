import { sql, type Kysely, type Transaction } from "kysely";
import type { KitLanguage, TermStatus } from "@content-studio/contract";
import type { Database, GlossaryTermRow, NewGlossaryTerm } from "../../db/types";

type Db = Kysely<Database> | Transaction<Database>;

/** Every term, or those of one language and status, ordered by concept, language and term. */
export function listGlossaryTerms(
  db: Db,
  filter: { locale?: KitLanguage; status?: TermStatus } = {},
): Promise<GlossaryTermRow[]> {
  let query = db.selectFrom("glossary_term").selectAll();
  if (filter.locale) query = query.where("locale", "=", filter.locale);
  if (filter.status) query = query.where("status", "=", filter.status);
  return query.orderBy("concept").orderBy("locale").orderBy("term").orderBy("id").execute();
}

export function findGlossaryTerm(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<GlossaryTermRow | undefined> {
  const query = db.selectFrom("glossary_term").selectAll().where("id", "=", id);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The term with the same concept, language and term (case-insensitively), if any. */
export function findGlossaryTermByKey(
  db: Db,
  key: { concept: string; locale: KitLanguage; term: string },
): Promise<GlossaryTermRow | undefined> {
  return db
    .selectFrom("glossary_term")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["concept"]), "=", key.concept.toLowerCase()))
    .where("locale", "=", key.locale)
    .where((eb) => eb(eb.fn("lower", ["term"]), "=", key.term.toLowerCase()))
    .executeTakeFirst();
}

export async function countGlossaryTerms(db: Db): Promise<number> {
  const row = await db
    .selectFrom("glossary_term")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertGlossaryTerm(db: Db, row: NewGlossaryTerm): Promise<GlossaryTermRow> {
  return db.insertInto("glossary_term").values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateGlossaryTerm(
  db: Db,
  id: string,
  update: Partial<Omit<NewGlossaryTerm, "id" | "created_at">>,
): Promise<GlossaryTermRow | undefined> {
  return db
    .updateTable("glossary_term")
    .set({ ...update, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteGlossaryTerm(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("glossary_term").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Serialises glossary writes that check the glossary before writing it (imports, the term
 * limit) until the transaction ends.
 */
export async function lockGlossary(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('glossary_term'))`.execute(trx);
}
