import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";

type Db = Kysely<Database> | Transaction<Database>;

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const row = await db
    .selectFrom("app_setting")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  return row?.value;
}

export async function writeSetting(db: Db, key: string, value: unknown, userId: string | null) {
  await db
    .insertInto("app_setting")
    .values({ key, value: JSON.stringify(value), updated_by: userId })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ value: JSON.stringify(value), updated_by: userId, updated_at: new Date() }),
    )
    .execute();
}

/** Inserts a marker setting; true only for the one caller that created it. */
export async function claimSettingOnce(db: Db, key: string, value: unknown): Promise<boolean> {
  const row = await db
    .insertInto("app_setting")
    .values({ key, value: JSON.stringify(value), updated_by: null })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  return row !== undefined;
}
