import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";

type Db = Kysely<Database> | Transaction<Database>;

export function findUiPreferences(db: Db, userId: string) {
  return db
    .selectFrom("user_preference")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function upsertUiPreferences(
  db: Db,
  userId: string,
  prefs: { dark_mode: boolean; accent_color: string; compact_mode: boolean },
): Promise<void> {
  await db
    .insertInto("user_preference")
    .values({ user_id: userId, ...prefs })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...prefs, updated_at: new Date() }))
    .execute();
}

export async function updateUserName(db: Db, userId: string, name: string): Promise<void> {
  await db
    .updateTable("user")
    .set({ name, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
}
