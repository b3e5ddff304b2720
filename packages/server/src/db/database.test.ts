import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { getMigrations } from "better-auth/db/migration";
import { sql, type Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createAuth } from "../modules/auth/auth";
import { createTestDatabase, TEST_DB, testConfig, type TestDatabase } from "../../test/helper";
import {
  DatabaseLockedError,
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
} from "./database";
import { seedReferenceData } from "./seed/seed";
import type { Database } from "./types";

/** A pid that belonged to a process which has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

// Each test opens an empty data directory: PGlite's initdb and every migration, which took 35 s
// at a load of 13 beside lint and the journeys.
describe.skipIf(TEST_DB !== "pglite")("PGlite data directory lock", { timeout: 90_000 }, () => {
  let root: string;
  const handles: DatabaseHandle[] = [];
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "cs-db-test-"));
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    for (const h of handles) await h.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const dir = (name: string) => path.join(root, name);
  const lockOf = (name: string) => path.join(dir(name), "content-studio.lock");

  it("locks the directory and refuses a second open of it", async () => {
    const first = await openDatabase({ kind: "pglite", dataDir: dir("main") });
    handles.push(first);
    expect(fs.readFileSync(lockOf("main"), "utf8")).toBe(String(process.pid));

    const second = openDatabase({ kind: "pglite", dataDir: dir("main") });
    await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(second).rejects.toThrow(`(pid ${process.pid})`);
    // The refused open left the holder's lock alone.
    expect(fs.readFileSync(lockOf("main"), "utf8")).toBe(String(process.pid));
  });

  it("refuses a directory locked by another live process, naming its pid", async () => {
    fs.mkdirSync(dir("other"), { recursive: true });
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], {
      stdio: "ignore",
    });
    try {
      fs.writeFileSync(lockOf("other"), String(holder.pid));
      const open = openDatabase({ kind: "pglite", dataDir: dir("other") });
      await expect(open).rejects.toBeInstanceOf(DatabaseLockedError);
      await expect(open).rejects.toThrow(
        `is in use by another Content Studio process (pid ${holder.pid})`,
      );
      expect(fs.existsSync(path.join(dir("other"), "pgdata"))).toBe(false);
      expect(fs.readFileSync(lockOf("other"), "utf8")).toBe(String(holder.pid));
    } finally {
      holder.kill();
    }
  });

  it("CHECKPOINTs and releases the lock on close; the data is there on reopen", async () => {
    const handle = handles.pop()!;
    await sql`create table kept (n int)`.execute(handle.db);
    await sql`insert into kept values (42)`.execute(handle.db);

    const query = vi.spyOn(PGlite.prototype, "query");
    const exec = vi.spyOn(PGlite.prototype, "exec");
    await handle.close();
    const statements = [...query.mock.calls, ...exec.mock.calls].map((c) => String(c[0]));
    expect(statements.some((s) => /^\s*checkpoint\b/i.test(s))).toBe(true);
    expect(fs.existsSync(lockOf("main"))).toBe(false);
    await handle.close(); // closing twice is harmless

    const reopened = await openDatabase({ kind: "pglite", dataDir: dir("main") });
    handles.push(reopened);
    const { rows } = await sql<{ n: number }>`select n from kept`.execute(reopened.db);
    expect(rows).toEqual([{ n: 42 }]);
  });

  it("takes over a stale lock left by a process that died", async () => {
    const handle = handles.pop()!;
    await handle.close();
    const dead = await deadPid();
    fs.writeFileSync(lockOf("main"), String(dead));

    const reopened = await openDatabase({ kind: "pglite", dataDir: dir("main") });
    handles.push(reopened);
    expect(fs.readFileSync(lockOf("main"), "utf8")).toBe(String(process.pid));
    const { rows } = await sql<{ n: number }>`select n from kept`.execute(reopened.db);
    expect(rows).toEqual([{ n: 42 }]);
  });

  it("takes over a lock file with no pid in it (a crash while writing it)", async () => {
    const handle = handles.pop()!;
    await handle.close();
    fs.writeFileSync(lockOf("main"), "");
    const reopened = await openDatabase({ kind: "pglite", dataDir: dir("main") });
    handles.push(reopened);
    expect(fs.readFileSync(lockOf("main"), "utf8")).toBe(String(process.pid));
  });
});

describe(`transactions (${TEST_DB})`, () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
    db = database.db;
    await sql`create table probe (id serial primary key, tx int not null, n int not null)`.execute(
      db,
    );
    await sql`create table counter (id int primary key, n int not null)`.execute(db);
    await sql`insert into counter values (1, 0)`.execute(db);
  });
  afterAll(() => database.destroy());

  const probeCount = async () =>
    Number((await sql<{ c: number }>`select count(*)::int as c from probe`.execute(db)).rows[0]?.c);

  it("runs 50 concurrent transactions without losing rows", async () => {
    await sql`delete from probe`.execute(db);
    const seen = await Promise.all(
      Array.from({ length: 50 }, (_, tx) =>
        db.transaction().execute(async (trx) => {
          await sql`insert into probe (tx, n) values (${tx}, 1)`.execute(trx);
          await new Promise((r) => setTimeout(r, tx % 3));
          await sql`insert into probe (tx, n) values (${tx}, 2)`.execute(trx);
          const mine = await sql<{
            c: number;
          }>`select count(*)::int as c from probe where tx = ${tx}`.execute(trx);
          return Number(mine.rows[0]?.c);
        }),
      ),
    );
    expect(seen).toEqual(Array.from({ length: 50 }, () => 2));
    expect(await probeCount()).toBe(100);
  });

  it("rolls back a failing transaction and keeps working", async () => {
    await sql`delete from probe`.execute(db);
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into probe (tx, n) values (999, 1)`.execute(trx);
      throw new Error("boom");
    });
    await expect(failing).rejects.toThrow("boom");
    expect(await probeCount()).toBe(0);

    const badSql = db.transaction().execute(async (trx) => {
      await sql`insert into probe (tx, n) values (998, 1)`.execute(trx);
      await sql`insert into probe (tx, n) values (998, null)`.execute(trx);
    });
    await expect(badSql).rejects.toThrow();
    expect(await probeCount()).toBe(0);

    await db.transaction().execute(async (trx) => {
      await sql`insert into probe (tx, n) values (1, 1)`.execute(trx);
    });
    expect(await probeCount()).toBe(1);
  });

  it("rolls back only the failing ones among concurrent transactions", async () => {
    await sql`delete from probe`.execute(db);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, tx) =>
        db.transaction().execute(async (trx) => {
          await sql`insert into probe (tx, n) values (${tx}, 1)`.execute(trx);
          if (tx % 5 === 0) throw new Error(`fail ${tx}`);
          await sql`insert into probe (tx, n) values (${tx}, 2)`.execute(trx);
        }),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(10);
    expect(await probeCount()).toBe(80);
    const { rows } = await sql<{
      tx: number;
    }>`select distinct tx from probe where tx % 5 = 0`.execute(db);
    expect(rows).toEqual([]);
  });

  it.skipIf(TEST_DB !== "pglite")(
    "isolates PGlite transactions: read-modify-write loses no update",
    async () => {
      await Promise.all(
        Array.from({ length: 50 }, () =>
          db.transaction().execute(async (trx) => {
            const { rows } = await sql<{
              n: number;
            }>`select n from counter where id = 1`.execute(trx);
            await new Promise((r) => setTimeout(r, 1));
            await sql`update counter set n = ${(rows[0]?.n ?? 0) + 1} where id = 1`.execute(trx);
          }),
        ),
      );
      const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(db);
      expect(rows[0]?.n).toBe(50);
    },
  );
});

describe(`reference data seed and schema (${TEST_DB})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
  });
  afterAll(() => database.destroy());

  it("seeds once, even when two instances start together", async () => {
    const results = await Promise.all([
      seedReferenceData(database.db),
      seedReferenceData(database.db),
    ]);
    expect(results.sort()).toEqual([false, true]);
    const personas = await database.db.selectFrom("persona").select("id").execute();
    expect(personas).toHaveLength(4);
    expect(await seedReferenceData(database.db)).toBe(false);
  });

  it("never overwrites an edited persona", async () => {
    await database.db
      .updateTable("persona")
      .set({ title: "Edited title" })
      .where("id", "=", "cto")
      .execute();
    expect(await seedReferenceData(database.db)).toBe(false);
    const cto = await database.db
      .selectFrom("persona")
      .select("title")
      .where("id", "=", "cto")
      .executeTakeFirstOrThrow();
    expect(cto.title).toBe("Edited title");
    expect(await database.db.selectFrom("persona").select("id").execute()).toHaveLength(4);
  });

  it("migrating again is a no-op", async () => {
    await migrateToLatest(database.db);
    const { rows } = await sql<{
      c: number;
    }>`select count(*)::int as c from kysely_migration`.execute(database.db);
    expect(rows[0]?.c).toBeGreaterThan(0);
  });

  it("matches better-auth's schema: nothing to create or add", async () => {
    const auth = createAuth(database.db, testConfig(), "s".repeat(32));
    const { toBeCreated, toBeAdded } = await getMigrations(auth.options);
    expect(toBeCreated.map((t) => t.table)).toEqual([]);
    expect(toBeAdded.map((t) => `${t.table}: ${Object.keys(t.fields).join(", ")}`)).toEqual([]);

    // The check can see a difference: without a column better-auth needs, it reports it.
    await sql`alter table session drop column "impersonatedBy"`.execute(database.db);
    const after = await getMigrations(auth.options);
    expect(after.toBeAdded.map((t) => [t.table, Object.keys(t.fields)])).toEqual([
      ["session", ["impersonatedBy"]],
    ]);
  });
});
