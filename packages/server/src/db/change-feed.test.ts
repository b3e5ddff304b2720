import { randomBytes } from "node:crypto";
import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DB, type TestDatabase } from "../../test/helper";
import { AnswerCache } from "../lib/answer-cache";
import { ChangeFeed, changeFeedOf, readTables } from "./change-feed";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "./database";

/** Polls until `check` holds (a notification from another connection arrives asynchronously). */
async function eventually(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Runs SQL as a writer outside this Kysely instance (another process, a script). */
type ForeignWriter = { run(text: string): Promise<void>; close(): Promise<void> };

describe(`change feed (${TEST_DB})`, () => {
  let database: TestDatabase | DatabaseHandle;
  let feed: ChangeFeed;
  let foreign: ForeignWriter;
  let pglite: PGlite | undefined;
  /** The PostgreSQL database of this file's own. */
  let ownName = "";

  beforeAll(async () => {
    if (TEST_DB === "postgres") {
      // A database of its own: notifications are per database, and other test files write
      // examples and sessions in theirs all the time.
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const name = `change_feed_${randomBytes(4).toString("hex")}`;
      ownName = name;
      const admin = new pg.Client({ connectionString: url.href });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      url.pathname = `/${name}`;
      const own = await openDatabase({ kind: "postgres", url: url.href, poolSize: 2 });
      await migrateToLatest(own.db);
      database = {
        ...own,
        destroy: async () => {
          await own.close();
          const dropper = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
          await dropper.connect();
          await dropper.query(`drop database if exists ${name} with (force)`);
          await dropper.end();
        },
      };
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      foreign = { run: async (text) => void (await client.query(text)), close: () => client.end() };
    } else {
      pglite = await PGlite.create({ extensions: { pg_trgm } });
      database = await openDatabase({ kind: "pglite", pglite });
      await migrateToLatest(database.db);
      const raw = pglite;
      foreign = { run: async (text) => void (await raw.query(text)), close: async () => {} };
    }
    feed = changeFeedOf(database.db)!;
  });

  afterAll(async () => {
    await foreign.close();
    await ("destroy" in database ? database.destroy() : database.close());
  });

  /** The server processes of `listening`'s connection (PostgreSQL). */
  const listenerPids = async (listening: ChangeFeed) => {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where application_name = ${listening.listenerName}`.execute(
      database.db,
    );
    return rows.map((row) => row.pid);
  };

  /** The number of the latest change heard to `table`. */
  const count = (table: string) => feed.lastChange([table]);

  it("is listening once the database is open", () => {
    expect(feed.live).toBe(true);
    expect(count("session")).not.toBeNull();
  });

  it("counts this process's write before the writing call returns, only for the tables it touches", async () => {
    const user = count("user")!;
    const session = count("session")!;
    const example = count("example")!;
    await database.db
      .updateTable("user")
      .set({ name: "nobody" })
      .where("id", "=", "missing")
      .execute();
    expect(count("user")!).toBeGreaterThan(user);
    // Sessions and users are apart: a sign-in or a sliding expiry leaves what read users alone.
    expect(count("session")).toBe(session);
    expect(count("example")).toBe(example);
  });

  it("counts a transaction's writes at commit, not before", async () => {
    // (A channel no earlier test wrote to: on PostgreSQL their notifications may still arrive.)
    const before = count("example")!;
    await database.db.transaction().execute(async (tx) => {
      await tx.deleteFrom("example").where("id", "=", "missing").execute();
      expect(count("example")).toBe(before);
    });
    expect(count("example")).toBeGreaterThan(before);
  });

  it("counts raw SQL that writes as a change to the table it names (everything when unclear); reads count nothing", async () => {
    // On PostgreSQL the earlier tests' own notifications arrive after their writes: let them.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = count("example")!;
    await sql`select 1`.execute(database.db);
    expect(count("example")).toBe(before);
    await sql`update example set title = title where false`.execute(database.db);
    expect(count("example")).toBeGreaterThan(before);
    // A plain raw write names its table: the others stay as they were.
    const session = count("session")!;
    await sql`delete from example where false`.execute(database.db);
    expect(count("session")).toBe(session);
    // A statement whose writes cannot be read off its text counts for every table.
    await sql`with gone as (delete from example where false returning id) select 1`.execute(
      database.db,
    );
    expect(count("session")!).toBeGreaterThan(session);
  });

  it("hears another writer through the triggers' notifications", async () => {
    for (const [table, name] of [
      ["session", "session"],
      ['"user"', "user"],
      ["example", "example"],
      ["content_item", "content_item"],
      ["app_setting", "app_setting"],
      ["persona", "persona"],
    ] as const) {
      const before = count(name)!;
      await foreign.run(`delete from ${table} where false`);
      await eventually(() => count(name)! > before);
    }
  });

  it("delivers a payload channel's notifications to its subscribers", async () => {
    const heard: string[] = [];
    const unsubscribe = feed.subscribe("kit_progress", (payload) => heard.push(payload));
    await foreign.run(`notify kit_progress, 'kit-1'`);
    await eventually(() => heard.length === 1);
    unsubscribe();
    await foreign.run(`notify kit_progress, 'kit-2'`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(["kit-1"]);
  });

  it("names the tables a query reads: joins, subqueries and CTE bodies, never aliases or CTE names", () => {
    const query = database.db
      .with("m", (db) => db.selectFrom("example as e").select("e.id"))
      .selectFrom("m")
      .innerJoin("content_item as c", "c.id", "m.id")
      .leftJoin("user as u", "u.id", "c.created_by")
      .where("c.persona_id", "in", (eb) => eb.selectFrom("persona").select("id"))
      .select(["c.id", "u.name"]);
    expect([...readTables(query.toOperationNode())].sort()).toEqual([
      "content_item",
      "example",
      "persona",
      "user",
    ]);
    // SQL text: every name after FROM or JOIN, less the CTEs', never an expression's FROM.
    const raw = sql`select extract(epoch from now()), (select count(*) from m) from audit_log a
      join "user" u on true`;
    const withRaw = database.db
      .with("m", (db) => db.selectFrom("example").select("id"))
      .selectFrom("m")
      .select(raw.as("n"));
    expect([...readTables(withRaw.toOperationNode())].sort()).toEqual([
      "audit_log",
      "example",
      "user",
    ]);
  });

  it.runIf(TEST_DB === "postgres")(
    "stays live while its probe notifications come back",
    async () => {
      const probing = new ChangeFeed();
      try {
        await probing.listenPostgres(process.env.TEST_DATABASE_URL!, { probeEveryMs: 20 });
        const backend = () => listenerPids(probing);
        const first = await backend();
        expect(first).toHaveLength(1);
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Still the first connection: a lost probe would have made it reconnect.
        expect(probing.live).toBe(true);
        expect(await backend()).toEqual(first);
      } finally {
        await probing.close();
      }
      expect(probing.now()).toBeNull();
    },
  );

  /**
   * Ends the feed's listening connection and keeps it from coming back (the database refuses
   * new connections, superusers too) while `meanwhile` runs: pg-listen's first reconnection is
   * immediate, so without that the loss lasts a few milliseconds and a write cannot be timed
   * to land in it. Resolves once the feed is live again.
   */
  const whileNobodyListens = async (meanwhile: () => Promise<void>) => {
    const [lost] = await listenerPids(feed);
    // From another database: none may disallow connections to its own.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`alter database ${ownName} allow_connections false`);
    try {
      await foreign.run(`select pg_terminate_backend(${lost}, 10000)`);
      // Generous waits: on a loaded 2-core machine noticing the loss can take seconds.
      await eventually(() => !feed.live, 15_000);
      await meanwhile();
    } finally {
      await admin.query(`alter database ${ownName} allow_connections true`);
      await admin.end();
    }
    // The retries back off from 500 ms; the first after the refusal ends comes within seconds.
    await eventually(() => feed.live, 15_000);
    expect(await listenerPids(feed)).not.toContain(lost);
  };

  it.runIf(TEST_DB === "postgres")(
    "stops trusting caches while the listening connection is gone, and moves every count when back",
    async () => {
      const before = count("session")!;
      await whileNobodyListens(async () => {
        expect(count("session")).toBeNull();
        expect(feed.now()).toBeNull();
      });
      expect(count("session")!).toBeGreaterThan(before);
    },
  );

  it.runIf(TEST_DB === "postgres")(
    "serves no answer cached before a lost listening connection, and hears changes after it",
    async () => {
      const cache = new AnswerCache("change-feed test: examples", feed);
      const titles = () =>
        cache.get("all", async () => {
          const rows = await database.db.selectFrom("example").select("title").execute();
          return JSON.stringify(rows.map((row) => row.title).sort());
        });
      const first = (await titles()).body;
      expect((await titles()).body).toBe(first);
      expect(cache.builds).toBe(1);

      await whileNobodyListens(async () => {
        // Written by another process while nobody listens: its notification is never heard.
        await foreign.run(`update example set title = title where false`);
      });
      expect((await titles()).body).toBe(first);
      expect(cache.builds).toBe(2);
      expect((await titles()).body).toBe(first);
      expect(cache.builds).toBe(2);

      // After the reconnection another writer's change is heard and drops the answer again.
      const before = count("example")!;
      await foreign.run(`update example set title = title where false`);
      await eventually(() => count("example")! > before, 15_000);
      await titles();
      expect(cache.builds).toBe(3);
    },
  );

  it.runIf(TEST_DB === "postgres")(
    "keeps trying while the database cannot be reached, and stops trying once closed",
    async () => {
      // A port that accepts connections and drops them at once, counting them.
      let attempts = 0;
      const dropping = net.createServer((socket) => {
        attempts += 1;
        socket.destroy();
      });
      await new Promise<void>((resolve) => dropping.listen(0, "127.0.0.1", resolve));
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.port = String((dropping.address() as net.AddressInfo).port);
      const unreachable = new ChangeFeed();
      try {
        await unreachable.listenPostgres(url.href, { firstWaitMs: 100, onError: () => {} });
        expect(unreachable.live).toBe(false);
        // The first attempt and two retries (after 250 and 500 ms).
        await eventually(() => attempts >= 3);
        expect(unreachable.now()).toBeNull();
        await unreachable.close();
        const seen = attempts;
        // The next retry was due 1 s later and the one after it 2 s after that: at most the
        // attempt already under way is made.
        await new Promise((resolve) => setTimeout(resolve, 3_500));
        expect(attempts).toBeLessThanOrEqual(seen + 1);
      } finally {
        await unreachable.close();
        await new Promise((resolve) => dropping.close(resolve));
      }
    },
    10_000,
  );
});
