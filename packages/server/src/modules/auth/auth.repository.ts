import { sql, type Kysely, type RawBuilder } from "kysely";
import { yieldsRow } from "../../db/queries";
import type { Database } from "../../db/types";
import { PRINCIPAL_COLUMNS } from "../users/users.repository";

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
    .select(["session.id as sessionId", "session.expiresAt", "session.createdAt", "user.id"])
    .select(PRINCIPAL_COLUMNS)
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

/** How the per-account delay grows: see `SIGN_IN_DELAY` in auth.service. */
export interface SignInDelayRule {
  /** Attempts from unknown addresses answered without delay. */
  freeAttempts: number;
  /** Delay after the first attempt past the free ones; doubles with each further attempt. */
  baseSeconds: number;
  maxSeconds: number;
  /** The count starts again once no attempt came from an unknown address for this long. */
  forgetAfterSeconds: number;
}

/**
 * Claims the account's next attempt from an address it has never signed in from: one atomic
 * statement that counts the attempt and sets when the next one may come, or does nothing while
 * the account's delay runs (then the seconds left). Taken before the password is checked, so
 * parallel guesses cannot share one slot. The slot is compared with the clock, not the
 * statement's start: a statement that waited for a parallel claim to commit sees that claim's
 * free slot as open.
 */
export async function claimSignInAttempt(
  db: Kysely<Database>,
  account: string,
  rule: SignInDelayRule,
): Promise<{ attempts: number; delaySeconds: number } | { waitSeconds: number }> {
  const forgotten = sql`g.updated_at <= now() - make_interval(secs => ${rule.forgetAfterSeconds})`;
  const attempts = sql`(case when ${forgotten} then 1 else g.attempts + 1 end)`;
  const delayOf = (n: RawBuilder<unknown>) =>
    sql`(case when ${n} <= ${rule.freeAttempts} then 0
      else least(${rule.maxSeconds}::float8,
        ${rule.baseSeconds}::float8 * power(2, ${n} - ${rule.freeAttempts} - 1)) end)`;
  const claimed = await sql<{ attempts: number; delay: number }>`
    insert into sign_in_guard as g (account, attempts, next_attempt_at, updated_at)
    values (${account}, 1, now() + make_interval(secs => ${delayOf(sql`1`)}), now())
    on conflict (account) do update set
      attempts = ${attempts},
      next_attempt_at = now() + make_interval(secs => ${delayOf(attempts)}),
      updated_at = now()
    where g.next_attempt_at <= clock_timestamp() or ${forgotten}
    returning attempts, extract(epoch from (next_attempt_at - now()))::float8 as delay`.execute(db);
  const row = claimed.rows[0];
  if (row) return { attempts: Number(row.attempts), delaySeconds: Math.max(0, Number(row.delay)) };
  const waiting = await sql<{ wait: number }>`
    select extract(epoch from (next_attempt_at - now()))::float8 as wait
    from sign_in_guard where account = ${account}`.execute(db);
  return { waitSeconds: Math.max(1, Number(waiting.rows[0]?.wait ?? 1)) };
}

/** Whether `ip` signed in to `account` within `withinSeconds`. */
export function isKnownSignInClient(
  db: Kysely<Database>,
  account: string,
  ip: string,
  withinSeconds: number,
): Promise<boolean> {
  return yieldsRow(
    db
      .selectFrom("sign_in_known_client")
      .select("ip")
      .where("account", "=", account)
      .where("ip", "=", ip)
      .where(sql<boolean>`last_success_at > now() - make_interval(secs => ${withinSeconds})`),
  );
}

/** Remembers that `ip` signed in to `account` (now). */
export async function rememberSignInClient(
  db: Kysely<Database>,
  account: string,
  ip: string,
): Promise<void> {
  await db
    .insertInto("sign_in_known_client")
    .values({ account, ip })
    .onConflict((oc) =>
      oc.columns(["account", "ip"]).doUpdateSet({ last_success_at: sql<Date>`now()` }),
    )
    .execute();
}
