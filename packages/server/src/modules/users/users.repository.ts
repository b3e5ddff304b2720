import type { Transaction } from "kysely";
import { yieldsRow, type Db } from "../../db/queries";
import type { Database, UserRow } from "../../db/types";

/**
 * The columns of a request's user (a session's or an API token's owner) besides its id: who
 * they are, their role, and whether they may act.
 */
export const PRINCIPAL_COLUMNS = [
  "user.name",
  "user.email",
  "user.role",
  "user.banned",
  "user.mustChangePassword",
] as const;

export function hasAnyUser(db: Db): Promise<boolean> {
  return yieldsRow(db.selectFrom("user").select("id").limit(1));
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom("user").selectAll().orderBy("createdAt", "asc").execute();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();
}

/**
 * Counts the active administrators, locking their rows until the transaction ends. Two
 * transactions that each remove a different admin then queue on the locks, and the second
 * re-reads the rows the first changed, so together they can never remove the last one.
 */
export async function lockActiveAdmins(db: Transaction<Database>): Promise<number> {
  const rows = await db
    .selectFrom("user")
    .select("id")
    .where("role", "=", "admin")
    .where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", false)]))
    .orderBy("id")
    .forUpdate()
    .execute();
  return rows.length;
}

export async function updateUser(
  db: Db,
  id: string,
  patch: { role?: string; banned?: boolean; name?: string },
): Promise<void> {
  await db
    .updateTable("user")
    .set({ ...patch, updatedAt: new Date() })
    .where("id", "=", id)
    .execute();
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("session").where("userId", "=", userId).execute();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom("session").where("id", "=", sessionId).execute();
}

/** Claims the single setup row; false when another request (or an earlier start) already has. */
export function claimSetup(db: Db): Promise<boolean> {
  return yieldsRow(
    db
      .insertInto("app_setup")
      .values({ id: 1 })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id"),
  );
}

export async function completeSetup(db: Db, adminUserId: string): Promise<void> {
  await db
    .updateTable("app_setup")
    .set({ admin_user_id: adminUserId })
    .where("id", "=", 1)
    .execute();
}

export async function releaseSetup(db: Db): Promise<void> {
  await db.deleteFrom("app_setup").where("id", "=", 1).where("admin_user_id", "is", null).execute();
}
