import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { ApiTokenTable, Database } from "../../db/types";
import { PRINCIPAL_COLUMNS } from "../users/users.repository";

type Db = Kysely<Database> | Transaction<Database>;

/** A token row with its owner's name and email. */
export type TokenWithOwner = Selectable<ApiTokenTable> & {
  owner_name: string;
  owner_email: string;
};

const withOwner = (db: Db) =>
  db
    .selectFrom("api_token")
    .innerJoin("user", "user.id", "api_token.owner_id")
    .selectAll("api_token")
    .select(["user.name as owner_name", "user.email as owner_email"]);

/**
 * The tokens a user sees in Settings: their own personal and service tokens, and (for an
 * admin) every service token; unrevoked only, newest first.
 */
export function listTokensFor(
  db: Db,
  userId: string,
  options: { allService: boolean },
): Promise<TokenWithOwner[]> {
  return withOwner(db)
    .where("api_token.revoked_at", "is", null)
    .where((eb) =>
      options.allService
        ? eb.or([eb("api_token.owner_id", "=", userId), eb("api_token.kind", "=", "service")])
        : eb("api_token.owner_id", "=", userId),
    )
    .orderBy("api_token.created_at", "desc")
    .orderBy("api_token.id")
    .execute();
}

export function findTokenWithOwner(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TokenWithOwner | undefined> {
  const query = withOwner(db).where("api_token.id", "=", id);
  return (options.forUpdate ? query.forUpdate("api_token") : query).executeTakeFirst();
}

/** Unrevoked tokens of one owner (the per-owner limit). */
export async function countActiveTokens(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom("api_token")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("owner_id", "=", ownerId)
    .where("revoked_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertToken(
  db: Db,
  row: {
    id: string;
    owner_id: string;
    kind: ApiTokenTable["kind"];
    name: string;
    scopes: string;
    token_hash: string;
    expires_at: Date;
  },
): Promise<void> {
  await db.insertInto("api_token").values(row).execute();
}

/** Marks a token revoked; false when it was revoked already. */
export async function revokeToken(db: Db, id: string, revokedBy: string): Promise<boolean> {
  const result = await db
    .updateTable("api_token")
    .set({ revoked_at: new Date(), revoked_by: revokedBy })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * What a request with a token needs in one indexed query: the token and its owner's current
 * role and status.
 */
export function findTokenForRequest(db: Db, id: string) {
  return db
    .selectFrom("api_token")
    .innerJoin("user", "user.id", "api_token.owner_id")
    .select([
      "api_token.id",
      "api_token.name as tokenName",
      "api_token.token_hash",
      "api_token.scopes",
      "api_token.expires_at",
      "api_token.revoked_at",
      "api_token.last_used_at",
      "user.id as ownerId",
    ])
    .select(PRINCIPAL_COLUMNS)
    .where("api_token.id", "=", id)
    .executeTakeFirst();
}

/** Records a use, unless one was recorded within `minSeconds` (at most one write a minute). */
export async function touchToken(db: Db, id: string, minSeconds: number): Promise<void> {
  await db
    .updateTable("api_token")
    .set({ last_used_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb("last_used_at", "is", null),
        eb("last_used_at", "<", sql<Date>`now() - make_interval(secs => ${minSeconds})`),
      ]),
    )
    .execute();
}
