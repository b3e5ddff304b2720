import type { Kysely } from "kysely";
import type { Database } from "../../db/types";

/**
 * The stored secret `name`, after storing `candidate` under that name unless one is there
 * already: every instance on one database ends up with the first one written.
 */
export async function claimSecret(
  db: Kysely<Database>,
  name: string,
  candidate: string,
): Promise<string> {
  await db
    .insertInto("app_secret")
    .values({ name, value: candidate })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("app_secret")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** A session and its user, found by the session token (unique index): one query per request. */
export function findSessionWithUser(db: Kysely<Database>, token: string) {
  return db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select([
      "session.id as sessionId",
      "session.expiresAt",
      "session.createdAt",
      "user.id",
      "user.name",
      "user.email",
      "user.role",
      "user.banned",
      "user.mustChangePassword",
    ])
    .where("session.token", "=", token)
    .executeTakeFirst();
}

/**
 * Moves a session's idle expiry to `expiresAt`; false when the row is gone (revoked meanwhile).
 */
export async function extendSession(
  db: Kysely<Database>,
  sessionId: string,
  expiresAt: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("session")
    .set({ expiresAt, updatedAt: new Date() })
    .where("id", "=", sessionId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
