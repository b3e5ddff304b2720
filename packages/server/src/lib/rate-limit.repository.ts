import { sql, type Kysely } from "kysely";
import type { Database } from "../db/types";

export interface BucketState {
  count: number;
  /** Seconds until the window resets. */
  resetInSeconds: number;
}

/**
 * Fixed-window counters kept in the database, so limits survive restarts and hold across
 * instances. One statement per hit: atomic on PGlite and PostgreSQL.
 */
export async function hitBucket(
  db: Kysely<Database>,
  key: string,
  windowSeconds: number,
): Promise<BucketState> {
  const row = await sql<{ count: number; reset_in: number }>`
    insert into rate_limit_bucket (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limit_bucket.reset_at <= now() then 1 else rate_limit_bucket.count + 1 end,
      reset_at = case when rate_limit_bucket.reset_at <= now() then excluded.reset_at else rate_limit_bucket.reset_at end
    returning count, extract(epoch from (reset_at - now()))::float8 as reset_in`.execute(db);
  const r = row.rows[0];
  return { count: Number(r?.count ?? 1), resetInSeconds: Math.max(1, Number(r?.reset_in ?? 1)) };
}

export async function clearBucket(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("rate_limit_bucket").where("key", "=", key).execute();
}
