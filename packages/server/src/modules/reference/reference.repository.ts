import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";

type Db = Kysely<Database> | Transaction<Database>;

export function listPersonaRows(db: Db) {
  return db.selectFrom("persona").selectAll().orderBy("sort_order").execute();
}

export function findPersonaRow(db: Db, id: string) {
  return db.selectFrom("persona").selectAll().where("id", "=", id).executeTakeFirst();
}

export function listIndustryRows(db: Db) {
  return db.selectFrom("industry").selectAll().orderBy("sort_order").execute();
}

export function findIndustryRow(db: Db, id: string) {
  return db.selectFrom("industry").selectAll().where("id", "=", id).executeTakeFirst();
}

export function listBuyingStageRows(db: Db) {
  return db.selectFrom("buying_stage").selectAll().orderBy("sort_order").execute();
}

export async function loadCompanyCatalogRows(db: Db) {
  const [profile, keyMetrics, solutions] = await Promise.all([
    db.selectFrom("company_profile").selectAll().where("id", "=", 1).executeTakeFirst(),
    db.selectFrom("key_metric").selectAll().orderBy("sort_order").execute(),
    db.selectFrom("solution").selectAll().orderBy("sort_order").execute(),
  ]);
  return { profile, keyMetrics, solutions };
}
