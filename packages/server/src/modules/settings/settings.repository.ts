import { yieldsRow, type Db } from "../../db/queries";

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
export function claimSettingOnce(db: Db, key: string, value: unknown): Promise<boolean> {
  return yieldsRow(
    db
      .insertInto("app_setting")
      .values({ key, value: JSON.stringify(value), updated_by: null })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("key"),
  );
}
