import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createScratchDatabase } from "./server-process";

/**
 * The upgrade fixtures (test/fixtures/upgrade/<date>-<commit>/): what a released build left
 * behind after make-fixture.mjs drove it through its API — an embedded data directory, a
 * PostgreSQL dump and a manifest. Each release adds one.
 */

const root = path.resolve(import.meta.dirname, "../fixtures/upgrade");

export interface FixtureUser {
  name: string;
  email: string;
  password: string;
  role: "admin" | "editor" | "viewer";
}

export interface FixtureDatabase {
  file: string;
  /** Library items by the state the script left them in. */
  items: Record<
    "draft" | "inReview" | "approved" | "published" | "rejected" | "unpublished" | "trashed",
    string
  >;
  /** Rows per table of the public schema. */
  counts: Record<string, number>;
}

export interface UpgradeFixture {
  name: string;
  dir: string;
  release: string;
  users: FixtureUser[];
  pglite: FixtureDatabase;
  postgres: FixtureDatabase;
}

export function upgradeFixtures(): UpgradeFixture[] {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(root, e.name, "manifest.json")))
    .map((e) => {
      const dir = path.join(root, e.name);
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as Omit<
        UpgradeFixture,
        "name" | "dir"
      >;
      return { ...manifest, name: e.name, dir };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Unpacks the fixture's embedded data directory into `dataDir` (created). */
export function extractPgliteFixture(fixture: UpgradeFixture, dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  execFileSync("tar", ["-xJf", path.join(fixture.dir, fixture.pglite.file), "-C", dataDir]);
}

/** A fresh database on TEST_DATABASE_URL's server with the fixture's dump restored into it. */
export async function restorePostgresFixture(
  fixture: UpgradeFixture,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const scratch = await createScratchDatabase();
  try {
    pgRestore(path.join(fixture.dir, fixture.postgres.file), scratch.url);
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  return scratch;
}

/** pg_restore of a custom-format dump into an empty database, as docs/operations.md says. */
export function pgRestore(file: string, url: string): void {
  execFileSync("pg_restore", ["--no-owner", "--exit-on-error", "--dbname", url, file], {
    stdio: ["ignore", "ignore", "pipe"],
  });
}
