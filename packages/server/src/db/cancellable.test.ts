import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_DB, type TestDatabase } from "../../test/helper";
import { QueryCancelledError, runCancellable } from "./cancellable";

describe("runCancellable", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
  });
  afterAll(() => database.destroy());

  it("does not start work for a request that has already gone", async () => {
    let ran = false;
    await expect(
      runCancellable(database.db, AbortSignal.abort(), async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(QueryCancelledError);
    expect(ran).toBe(false);
  });

  it("returns the answer when nobody aborts", async () => {
    const controller = new AbortController();
    const rows = await runCancellable(database.db, controller.signal, (db) =>
      sql<{ n: number }>`select 2 as n`.execute(db),
    );
    expect(rows.rows[0]?.n).toBe(2);
  });

  it.runIf(TEST_DB === "postgres")(
    "stops a running statement on PostgreSQL as soon as the signal fires",
    async () => {
      const controller = new AbortController();
      const started = performance.now();
      const running = runCancellable(database.db, controller.signal, (db) =>
        sql`select pg_sleep(20)`.execute(db),
      );
      setTimeout(() => controller.abort(), 300);
      await expect(running).rejects.toBeInstanceOf(QueryCancelledError);
      expect(performance.now() - started).toBeLessThan(5_000);
      const active = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where query like 'select pg_sleep(20)%' and state = 'active'`.execute(database.db);
      expect(active.rows[0]?.n).toBe(0);
      // The pooled connection is healthy afterwards (the cancel did not leak onto it).
      const again = await sql<{ n: number }>`select 3 as n`.execute(database.db);
      expect(again.rows[0]?.n).toBe(3);
    },
  );
});
