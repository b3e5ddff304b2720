import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { Database, SsoConnectionTable } from "../../db/types";

type Db = Kysely<Database> | Transaction<Database>;
export type SsoConnectionRow = Selectable<SsoConnectionTable>;

export function findSsoConnection(db: Db): Promise<SsoConnectionRow | undefined> {
  return db.selectFrom("sso_connection").selectAll().where("id", "=", 1).executeTakeFirst();
}

/** The connection row, locked until the transaction ends (saves and removals queue on it). */
export function lockSsoConnection(
  db: Transaction<Database>,
): Promise<SsoConnectionRow | undefined> {
  return db
    .selectFrom("sso_connection")
    .selectAll()
    .where("id", "=", 1)
    .forUpdate()
    .executeTakeFirst();
}

export async function saveSsoConnection(
  db: Db,
  row: Omit<Insertable<SsoConnectionTable>, "id" | "updated_at">,
): Promise<void> {
  const values = { ...row, id: 1, updated_at: new Date() };
  await db
    .insertInto("sso_connection")
    .values(values)
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}

export async function deleteSsoConnection(db: Db): Promise<void> {
  await db.deleteFrom("sso_connection").where("id", "=", 1).execute();
}

/** Unlinks every account signed in through the provider (its subjects mean nothing elsewhere). */
export async function deleteSsoAccounts(db: Db, providerId: string): Promise<number> {
  const rows = await db
    .deleteFrom("account")
    .where("providerId", "=", providerId)
    .returning("id")
    .execute();
  return rows.length;
}
