import type { CompanyVoice } from "@content-studio/contract";
import type { Kysely, Transaction } from "kysely";
import { insertCompanyLists, type CompanyLists } from "../../db/company-lists";
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
  const [profile, keyMetrics, solutions, offers] = await Promise.all([
    db.selectFrom("company_profile").selectAll().where("id", "=", 1).executeTakeFirst(),
    db.selectFrom("key_metric").selectAll().orderBy("sort_order").execute(),
    db.selectFrom("solution").selectAll().orderBy("sort_order").execute(),
    db.selectFrom("offer").selectAll().orderBy("sort_order").execute(),
  ]);
  return { profile, keyMetrics, solutions, offers };
}

/**
 * Replaces the company profile's name, description, voice (when given) and lists, and clears
 * the sample mark (call inside one transaction).
 */
export async function replaceCompanyProfile(
  db: Db,
  profile: CompanyLists & {
    companyName: string;
    description: string;
    /** Undefined keeps the stored voice. */
    voice: CompanyVoice | undefined;
  },
): Promise<void> {
  await db
    .insertInto("company_profile")
    .values({
      id: 1,
      company_name: profile.companyName,
      short_prefix: "",
      description: profile.description,
      ...(profile.voice === undefined ? {} : { voice: JSON.stringify(profile.voice) }),
      is_sample: false,
    })
    .onConflict((oc) =>
      oc.column("id").doUpdateSet({
        company_name: profile.companyName,
        description: profile.description,
        ...(profile.voice === undefined ? {} : { voice: JSON.stringify(profile.voice) }),
        is_sample: false,
      }),
    )
    .execute();
  await db.deleteFrom("key_metric").execute();
  await db.deleteFrom("solution").execute();
  await db.deleteFrom("offer").execute();
  await insertCompanyLists(db, profile);
}

/** The reference-data version (bumped by triggers on every change to a reference table). */
export async function readReferenceVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom("reference_version")
    .select("version")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}
