import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../src/db/database";
import { migrationProvider } from "../src/db/migrations";
import { TEST_DB } from "./helper";
import { startServer, type Server } from "./support/server-process";
import { sessionCookie } from "./support/http-session";
import {
  extractPgliteFixture,
  restorePostgresFixture,
  upgradeFixtures,
  type FixtureDatabase,
  type UpgradeFixture,
} from "./support/upgrade-fixtures";

/**
 * Upgrades never lose data: today's server starts on what each released build left behind
 * (test/fixtures/upgrade/, made by make-fixture.mjs through that build's API), applies its
 * migrations, keeps every row, lets every user sign in with their password, and keeps each
 * item's lifecycle state.
 */

async function stop(server: Server): Promise<void> {
  server.child.kill("SIGTERM");
  const { code } = await server.exited;
  expect(code, server.output()).toBe(0);
}

async function checkOverHttp(base: string, fixture: UpgradeFixture, data: FixtureDatabase) {
  const fixtureItems = data.items;
  let editorCookie = "";
  for (const user of fixture.users) {
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status, `${user.email}: ${await res.clone().text()}`).toBe(200);
    const cookie = sessionCookie(res);
    const session = await fetch(`${base}/api/session`, { headers: { cookie } });
    const { data: info } = (await session.json()) as { data: { user: { role: string } | null } };
    expect(info.user?.role).toBe(user.role);
    if (user.role === "editor") editorCookie = cookie;
  }
  const item = async (id: string) => {
    const res = await fetch(`${base}/api/library/${id}`, { headers: { cookie: editorCookie } });
    expect(res.status).toBe(200);
    return (
      (await res.json()) as { data: { status: string; version: number; deletedAt: string | null } }
    ).data;
  };
  expect((await item(fixtureItems.approved)).status).toBe("approved");
  expect((await item(fixtureItems.published)).status).toBe("published");
  expect((await item(fixtureItems.inReview)).status).toBe("in_review");
  expect((await item(fixtureItems.unpublished)).status).toBe("draft");
  const draft = await item(fixtureItems.draft);
  expect(draft.status).toBe("draft");
  expect(draft.version).toBe(3);
  expect((await item(fixtureItems.trashed)).deletedAt).not.toBeNull();
}

async function checkRows(handle: DatabaseHandle, data: FixtureDatabase) {
  const db = handle.db as unknown as Kysely<unknown>;
  const { rows: applied } = await sql<{ name: string }>`
    select name from kysely_migration order by name`.execute(db);
  expect(applied.map((r) => r.name)).toEqual(
    Object.keys(await migrationProvider.getMigrations()).sort(),
  );
  expect(Object.keys(data.counts).length).toBeGreaterThan(20);
  const found: Record<string, number> = {};
  for (const table of Object.keys(data.counts)) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(`public.${table}`)}`.execute(db);
    found[table] = Math.min(Number(rows[0]!.n), data.counts[table]!);
  }
  // At least as many rows as the release left in every table (start-up may add some).
  expect(found).toEqual(data.counts);
  // A migration that runs again on an upgraded database finds nothing to do.
  await migrateToLatest(handle.db);
}

describe.each(upgradeFixtures())("upgrade from $name", (fixture) => {
  it.runIf(TEST_DB === "pglite")(
    "the embedded data directory: migrations apply, every row stays, sign-in works",
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cs-upgrade-"));
      try {
        extractPgliteFixture(fixture, dataDir);
        const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
        try {
          await checkOverHttp(server.base, fixture, fixture.pglite);
        } finally {
          await stop(server);
        }
        const handle = await openDatabase({ kind: "pglite", dataDir });
        try {
          await checkRows(handle, fixture.pglite);
        } finally {
          await handle.close();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );

  it.runIf(TEST_DB === "postgres")(
    "the PostgreSQL dump: migrations apply, every row stays, sign-in works",
    async () => {
      const database = await restorePostgresFixture(fixture);
      try {
        const server = await startServer({ DATABASE_URL: database.url, LOG_LEVEL: "warn" });
        try {
          await checkOverHttp(server.base, fixture, fixture.postgres);
        } finally {
          await stop(server);
        }
        const handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
        try {
          await checkRows(handle, fixture.postgres);
        } finally {
          await handle.close();
        }
      } finally {
        await database.drop();
      }
    },
    180_000,
  );
});
