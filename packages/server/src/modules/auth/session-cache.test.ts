import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type BuiltApp } from "../../app";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../../db/database";
import { seedReferenceData } from "../../db/seed/seed";
import {
  Agent,
  TEST_DB,
  buildTestApp,
  testConfig,
  type TestApp,
  useTestApp,
} from "../../../test/helper";
import { createAccount } from "../users/users.service";

const PASSWORD = "Sturdy-Test-Passphrase-42";

/** The app, with the test configuration and no log, on a database this file opened itself. */
async function readyApp(database: DatabaseHandle): Promise<BuiltApp> {
  const built = await buildApp({
    config: testConfig(),
    db: database.db,
    dbKind: database.kind,
    logger: false,
  });
  await built.app.ready();
  return built;
}

/** Polls until `check` resolves true (another instance hears a change asynchronously). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 3_000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

describe(`session cache (${TEST_DB})`, () => {
  const t = useTestApp();

  it("refuses a session on the next request after it is revoked, its user deactivated or its role changed", async () => {
    const admin = await t.signInAs("admin");
    const editor = await t.signInAs("editor");
    const me = (await editor.get("/api/session")).json<{ data: { user: { id: string } } }>().data
      .user;
    expect((await editor.get("/api/personas")).statusCode).toBe(200);

    // A role change revokes the user's sessions: the cached one must not outlive it.
    const demoted = await admin.patch(`/api/users/${me.id}`, { role: "viewer" });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await editor.get("/api/personas")).statusCode).toBe(401);

    // A deactivation (written outside the app's routes) ends a cached session too.
    const viewer = await t.signInAs("viewer");
    const viewerId = (await viewer.get("/api/session")).json<{ data: { user: { id: string } } }>()
      .data.user.id;
    expect((await viewer.get("/api/personas")).statusCode).toBe(200);
    await sql`update "user" set banned = true where id = ${viewerId}`.execute(t.db);
    expect((await viewer.get("/api/personas")).statusCode).toBe(401);

    // Revocation by raw SQL.
    const other = await t.signInAs("viewer");
    const otherId = (await other.get("/api/session")).json<{ data: { user: { id: string } } }>()
      .data.user.id;
    expect((await other.get("/api/personas")).statusCode).toBe(200);
    await sql`delete from session where "userId" = ${otherId}`.execute(t.db);
    expect((await other.get("/api/personas")).statusCode).toBe(401);
  });

  it("refuses a session whose idle expiry has passed, even when it was cached", async () => {
    const viewer = await t.signInAs("viewer");
    expect((await viewer.get("/api/personas")).statusCode).toBe(200);
    const id = (await viewer.get("/api/session")).json<{ data: { user: { id: string } } }>().data
      .user.id;
    await t.db
      .updateTable("session")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("userId", "=", id)
      .execute();
    expect((await viewer.get("/api/personas")).statusCode).toBe(401);
  });
});

describe.runIf(TEST_DB === "postgres")("session cache across instances (postgres)", () => {
  let t: TestApp;
  let other: DatabaseHandle;
  let second: BuiltApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // A second instance: its own pool and its own change listener on the same database.
    other = await openDatabase({ kind: "postgres", url: t.database.url!, poolSize: 2 });
    second = await readyApp(other);
  });
  afterAll(async () => {
    await second.app.close();
    await other.close();
    await t.close();
  });

  it("a sign-out on one instance ends the session on the other as soon as its notification arrives", async () => {
    const viewer = await t.signInAs("viewer");
    const cookie = { cookie: viewer.cookieHeader };
    const onSecond = new Agent(second.app);
    // Cached on the second instance.
    expect((await onSecond.get("/api/personas", cookie)).statusCode).toBe(200);
    expect((await onSecond.get("/api/personas", cookie)).statusCode).toBe(200);

    expect((await viewer.post("/api/auth/sign-out")).statusCode).toBe(200);
    const waited = await eventually(
      async () => (await onSecond.get("/api/personas", cookie)).statusCode === 401,
    );
    expect(waited).toBeLessThan(1_000);
  });
});

describe.runIf(TEST_DB === "pglite")("session cache cost (pglite)", () => {
  let pglite: PGlite;
  let database: DatabaseHandle;
  let built: BuiltApp;
  let queries = 0;
  beforeAll(async () => {
    pglite = await PGlite.create({ extensions: { pg_trgm } });
    database = await openDatabase({ kind: "pglite", pglite });
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    const query = pglite.query.bind(pglite);
    pglite.query = ((...args: Parameters<PGlite["query"]>) => {
      queries += 1;
      return query(...args);
    }) as PGlite["query"];
    built = await readyApp(database);
  });
  afterAll(async () => {
    await built.app.close();
    await database.close();
  });

  it("answers a signed-in request for reference data without a query while nothing changes", async () => {
    await createAccount(database.db, built.ctx.auth, {
      name: "Cost Viewer",
      email: "cost-viewer@example.test",
      password: PASSWORD,
      role: "viewer",
    });
    const agent = new Agent(built.app);
    const signIn = await agent.post("/api/auth/sign-in/email", {
      email: "cost-viewer@example.test",
      password: PASSWORD,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect((await agent.get("/api/personas")).statusCode).toBe(200);

    const before = queries;
    for (let i = 0; i < 5; i++) expect((await agent.get("/api/personas")).statusCode).toBe(200);
    expect(queries - before).toBe(0);

    // One change to sessions: the next request reads its session again, once.
    await database.db
      .updateTable("session")
      .set({ updatedAt: new Date() })
      .where("userId", "=", "nobody")
      .execute();
    const afterChange = queries;
    expect((await agent.get("/api/personas")).statusCode).toBe(200);
    expect((await agent.get("/api/personas")).statusCode).toBe(200);
    expect(queries - afterChange).toBe(1);
  });
});
