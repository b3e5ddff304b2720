import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";

type Db = Kysely<Database> | Transaction<Database>;

/*
 * Passwords and reset links (better-auth's credential account, the user's sessions and
 * password_reset_token): changed from Your account, by an administrator on the Users screen,
 * and from a reset link.
 */

/** The argon2id hash of the user's password (better-auth's credential account). */
export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("account")
    .select("password")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  return row?.password ?? null;
}

/** Replaces the password hash and sets or clears "must change at next sign-in". */
export async function setPassword(
  db: Db,
  userId: string,
  hash: string,
  mustChangePassword: boolean,
): Promise<void> {
  const now = new Date();
  const updated = await db
    .updateTable("account")
    .set({ password: hash, updatedAt: now })
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new Error("Credential account not found");
  await db
    .updateTable("user")
    .set({ mustChangePassword, updatedAt: now })
    .where("id", "=", userId)
    .execute();
}

/** Ends every session of the user except `keepSessionId` (the one making the change). */
export async function deleteSessionsExcept(
  db: Db,
  userId: string,
  keepSessionId: string | undefined,
): Promise<void> {
  let query = db.deleteFrom("session").where("userId", "=", userId);
  if (keepSessionId) query = query.where("id", "!=", keepSessionId);
  await query.execute();
}

export async function insertResetToken(
  db: Db,
  token: {
    id: string;
    userId: string;
    tokenHash: string;
    kind: "email" | "admin_link";
    createdBy: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto("password_reset_token")
    .values({
      id: token.id,
      user_id: token.userId,
      token_hash: token.tokenHash,
      kind: token.kind,
      created_by: token.createdBy,
      expires_at: token.expiresAt,
    })
    .execute();
}

/**
 * Marks a valid (unused, unexpired) token used and returns its user, in one statement: of two
 * requests with the same token, exactly one gets the user.
 */
export async function consumeResetToken(
  db: Db,
  tokenHash: string,
): Promise<{ userId: string; kind: string } | undefined> {
  const row = await db
    .updateTable("password_reset_token")
    .set({ used_at: new Date() })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .returning(["user_id", "kind"])
    .executeTakeFirst();
  return row ? { userId: row.user_id, kind: row.kind } : undefined;
}

export async function findValidResetToken(db: Db, tokenHash: string) {
  return db
    .selectFrom("password_reset_token")
    .select(["user_id", "kind", "expires_at"])
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .executeTakeFirst();
}

/** Every other unused link of the user stops working once the password has been reset. */
export async function retireResetTokens(db: Db, userId: string): Promise<void> {
  await db
    .updateTable("password_reset_token")
    .set({ used_at: new Date() })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}
