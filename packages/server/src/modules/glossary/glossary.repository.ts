import { sql, type Transaction } from "kysely";
import type { KitLanguage, TermStatus } from "@content-studio/contract";
import { idTable, type Db } from "../../db/queries";
import type { Database, GlossaryTermRow } from "../../db/types";

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

const terms = idTable("glossary_term");
export const findGlossaryTerm = terms.find;

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

export const countGlossaryTerms = terms.count;
export const insertGlossaryTerm = terms.insert;
export const updateGlossaryTerm = terms.update;
export const deleteGlossaryTerm = terms.delete;

/**
 * Serialises glossary writes that check the glossary before writing it (imports, the term
 * limit) until the transaction ends.
 */
export async function lockGlossary(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('glossary_term'))`.execute(trx);
}
