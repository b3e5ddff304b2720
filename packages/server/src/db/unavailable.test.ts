import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_DB, type TestDatabase } from "../../test/helper";
import { isDatabaseUnavailable } from "./unavailable";

describe("isDatabaseUnavailable", () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it("knows a dropped or refused connection", () => {
    expect(isDatabaseUnavailable(withCode("terminating connection", "57P01"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("the database system is starting up", "57P03"))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(withCode("connection failure", "08006"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("connect ECONNREFUSED", "ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error("Client has encountered a connection error and is not queryable"),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new AggregateError([withCode("connect ECONNREFUSED ::1", "ECONNREFUSED")], "connect"),
      ),
    ).toBe(true);
  });

  it("leaves the request's own faults and other errors alone", () => {
    expect(isDatabaseUnavailable(withCode("duplicate key", "23505"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("canceling statement", "57014"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("something else"))).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated unexpectedly")).toBe(false);
  });
});

/**
 * A connection the server drops while the app holds it between statements gets an `error`
 * event with no query to fail; unheard, that event ends the process (vitest reports it as
 * an unhandled error).
 */
describe.skipIf(TEST_DB !== "postgres")("a checked-out connection the server drops", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
  });
  afterAll(async () => {
    await database.destroy();
  });

  const terminate = async (pid: number) => {
    await sql`select pg_terminate_backend(${pid})`.execute(database.db);
    // Let the FATAL message reach the idle client.
    await new Promise((resolve) => setTimeout(resolve, 200));
  };

  it("inside a transaction: the next statement fails as unavailable, the pool goes on", async () => {
    const failure = await database.db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await terminate(rows[0]!.pid);
        await sql`select 1`.execute(trx);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows[0]?.one).toBe(1);
  });
});
