import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { Agent, TEST_DB, useTestApp } from "../../test/helper";
import { buildContentItem } from "../../test/support/factories";
import {
  REFERENCE_TABLES,
  WATCHED_TABLES,
  changeFeedOf,
  isWatched,
  readsOf,
} from "../db/change-feed";
import * as authRepo from "../modules/auth/auth.repository";
import { ReferenceCache, type ReferenceAnswer } from "../modules/reference/reference-cache";
import { AnswerCache, answerCaches } from "./answer-cache";

const PASSWORD = "Sturdy-Test-Passphrase-42";

/**
 * What each in-process cache depends on is derived from the queries its answer runs (Kysely's
 * operation tree of every query, db/change-feed.ts `readsOf`). These tests hold every cached
 * read to tables the change feed hears, whoever writes them.
 */
describe(`cache dependencies (${TEST_DB})`, () => {
  const t = useTestApp();

  it("every table a cached answer reads is watched by the change feed", async () => {
    const admin = await t.signInAs("admin");
    await buildContentItem(t);
    // The queries that change the SQL each cached answer runs: search, filters, sorts, trash.
    for (const url of [
      "/api/library",
      "/api/library?q=plan",
      "/api/library?view=trash",
      "/api/library?sort=quality&quality=high",
      "/api/library?type=technical-guide&status=draft",
      "/api/examples",
      "/api/examples?q=plan",
      "/api/examples?category=good&includeArchived=true",
    ]) {
      const res = await admin.get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    for (const name of ["library pages", "example lists"]) {
      const cache = answerCaches().get(name);
      expect(cache, name).toBeDefined();
      expect(cache!.tablesRead.size, name).toBeGreaterThan(0);
      expect(cache!.unwatchedTables(), `${name} reads tables nobody watches`).toEqual([]);
    }

    // The session lookup the session cache keeps.
    const session = await readsOf(() => authRepo.findSessionWithUser(t.db, "no-such-token"));
    expect([...session.tables].sort()).toEqual(["session", "user"]);
    expect([...session.tables].filter((table) => !isWatched(table))).toEqual([]);

    // The reference answers: reference tables only (their channel is the version row's).
    const reference = new ReferenceCache(t.db);
    for (const name of [
      "personas",
      "industries",
      "buyingStages",
      "companyCatalog",
    ] satisfies ReferenceAnswer[]) {
      await reference.get(name);
    }
    expect([...reference.tablesRead].filter((table) => !REFERENCE_TABLES.has(table))).toEqual([]);
  });

  it("has a trigger on every watched table, and the code watches every table with one", async () => {
    const { rows } = await sql<{ table: string }>`
      select c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where g.tgname like '%_notifies_table_change' and pg_table_is_visible(c.oid)`.execute(t.db);
    expect(rows.map((row) => row.table).sort()).toEqual([...WATCHED_TABLES].sort());
  });

  it("fires on a planted query that joins a table nobody watches, and keeps nothing it read", async () => {
    // A test-only cached read through the same mechanism, joining the audit log.
    const planted = new AnswerCache("planted", changeFeedOf(t.db));
    const build = async () =>
      JSON.stringify(
        await t.db
          .selectFrom("content_item as c")
          .leftJoin("audit_log as a", "a.target_id", "c.id")
          .select(["c.id", "a.action"])
          .limit(1)
          .execute(),
      );
    await planted.get("k", build);
    await planted.get("k", build);
    expect(planted.unwatchedTables()).toEqual(["audit_log"]);
    // Not kept: every request builds it again, so it is never stale.
    expect(planted.builds).toBe(2);
    expect(answerCaches().get("planted")).toBe(planted);
  });

  it("keeps library pages across a sign-in and a sliding-expiry write; drops them when an item changes", async () => {
    const viewer = await t.signInAs("viewer", {
      email: "pages-viewer@example.test",
      password: PASSWORD,
    });
    const cache = answerCaches().get("library pages")!;
    expect((await viewer.get("/api/library?limit=5")).statusCode).toBe(200);
    const built = cache.builds;
    expect((await viewer.get("/api/library?limit=5")).statusCode).toBe(200);
    expect(cache.builds).toBe(built);

    // Another sign-in writes a session; a sliding expiry updates one.
    const again = new Agent(t.app);
    const signIn = await again.post("/api/auth/sign-in/email", {
      email: "pages-viewer@example.test",
      password: PASSWORD,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    await t.db
      .updateTable("session")
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where("id", "=", "no-such-session")
      .execute();
    expect((await viewer.get("/api/library?limit=5")).statusCode).toBe(200);
    expect(cache.builds).toBe(built);

    await buildContentItem(t);
    expect((await viewer.get("/api/library?limit=5")).statusCode).toBe(200);
    expect(cache.builds).toBe(built + 1);
  });
});
