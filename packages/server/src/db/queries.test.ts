import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/helper";
import { idTable, insertInOrder, liveRowsVersion, userNameOf, yieldsRow } from "./queries";

describe("shared queries", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
  });
  afterAll(() => database.destroy());

  const terms = idTable<"glossary_term", "locale">("glossary_term");
  const term = (id: string) => ({
    id,
    concept: `concept ${id}`,
    locale: "en" as const,
    term: `term ${id}`,
    status: "preferred" as const,
    case_sensitive: false,
    note: null,
    updated_by: null,
  });

  it("inserts, finds, counts, updates (stamping updated_at) and deletes a row by its id", async () => {
    const db = database.db;
    const inserted = await terms.insert(db, term("t1"));
    expect(inserted).toMatchObject({ id: "t1", term: "term t1" });
    await terms.insert(db, term("t2"));
    expect(await terms.count(db)).toBe(2);
    expect(await terms.find(db, "t2")).toMatchObject({ id: "t2", concept: "concept t2" });
    expect(await terms.find(db, "none")).toBeUndefined();

    const updated = await terms.update(db, "t1", { note: "checked" });
    expect(updated).toMatchObject({ id: "t1", note: "checked" });
    expect(updated!.updated_at.getTime()).toBeGreaterThan(inserted.updated_at.getTime() - 1);
    expect(await terms.update(db, "none", { note: "x" })).toBeUndefined();

    expect(await terms.delete(db, "t1")).toBe(true);
    expect(await terms.delete(db, "t1")).toBe(false);
    expect(await terms.count(db)).toBe(1);
  });

  it("tells whether a query yields a row", async () => {
    const byId = (id: string) => database.db.selectFrom("glossary_term").where("id", "=", id);
    expect(await yieldsRow(byId("t2").select("id"))).toBe(true);
    expect(await yieldsRow(byId("none").select("id"))).toBe(false);
  });

  it("fingerprints the rows not marked gone: their count and latest change", async () => {
    const db = database.db;
    // Here a term with a note counts as gone.
    const version = () => liveRowsVersion(db, "glossary_term", "note");
    const before = await version();
    expect(before).toMatch(/^1:\d{4}-/);
    await terms.insert(db, term("t3"));
    const added = await version();
    expect(added).toMatch(/^2:/);
    await terms.update(db, "t3", { note: "gone" });
    expect(await version()).toMatch(/^1:/);
    await terms.delete(db, "t3");
    expect(await version()).toBe(before);
  });

  it("finds a row locked for update inside a transaction", async () => {
    const found = await database.db
      .transaction()
      .execute((trx) => terms.find(trx, "t2", { forUpdate: true }));
    expect(found?.id).toBe("t2");
  });

  it("inserts a list's rows with their places, and nothing for an empty list", async () => {
    const db = database.db;
    await insertInOrder(db, "key_metric", [], (m: { id: string }) => ({ id: m.id, label: "" }));
    await insertInOrder(db, "key_metric", ["b", "a", "c"], (id) => ({ id, label: id }));
    const rows = await db.selectFrom("key_metric").select(["id", "sort_order"]).execute();
    expect(rows.sort((x, y) => x.sort_order - y.sort_order)).toEqual([
      { id: "b", sort_order: 0 },
      { id: "a", sort_order: 1 },
      { id: "c", sort_order: 2 },
    ]);
  });

  it("reads a user's name, and null for no user or a missing one", async () => {
    const db = database.db;
    await sql`insert into "user" (id, name, email, "createdAt", "updatedAt")
      values ('u1', 'Ada', 'ada@example.com', now(), now())`.execute(db);
    const rows = await db
      .selectFrom(
        sql<{
          user_id: string | null;
        }>`(select 'u1'::text as user_id union all select 'gone' union all select null)`.as("v"),
      )
      .select((eb) => ["user_id", userNameOf(eb.ref("user_id")).as("name")])
      .execute();
    expect(rows).toEqual([
      { user_id: "u1", name: "Ada" },
      { user_id: "gone", name: null },
      { user_id: null, name: null },
    ]);
  });
});
