import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { Kysely } from "kysely";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DB } from "../../test/helper";
import { createScratchDatabase, repoRoot } from "../../test/support/server-process";
import {
  extractPgliteFixture,
  pgRestore,
  restorePostgresFixture,
  upgradeFixtures,
} from "../../test/support/upgrade-fixtures";
import {
  BackupError,
  backupDataDir,
  fingerprintTables,
  restoreDataDir,
  type BackupManifest,
} from "./backup";
import { DatabaseLockedError, migrateToLatest, openDatabase } from "./database";
import { seedReferenceData } from "./seed/seed";

/** Tables that must hold rows in the source: people, content, evidence, intent data, audit. */
const IMPORTANT = [
  "public.user",
  "public.account",
  "public.session",
  "public.app_secret",
  "public.app_setting",
  "public.user_preference",
  "public.example",
  "public.content_item",
  "public.content_item_version",
  "public.content_item_event",
  "public.proof_fact",
  "public.intent_dataset",
  "public.intent_account",
  "public.glossary_term",
  "public.campaign_brief",
  "public.campaign_kit",
  "public.audit_log",
  "public.kysely_migration",
  "pgboss.job",
];

// The newest upgrade fixture is a data directory with rows in every important table, made by
// a real server through its API; it is migrated to today's schema before being backed up.
const fixture = upgradeFixtures().at(-1)!;

async function fingerprintsOf(dataDir: string) {
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    return await fingerprintTables(handle.db as unknown as Kysely<unknown>);
  } finally {
    await handle.close();
  }
}

/** Copies a backup with its manifest changed by `change`. */
async function rewriteManifest(
  from: string,
  to: string,
  change: (manifest: BackupManifest) => void,
): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  extract.on("entry", (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: unknown) => chunks.push(c as Buffer));
    stream.on("end", () => {
      let body = Buffer.concat(chunks);
      if (header.name === "manifest.json") {
        const manifest = JSON.parse(body.toString("utf8")) as BackupManifest;
        change(manifest);
        body = Buffer.from(JSON.stringify(manifest));
      }
      pack.entry({ name: header.name, size: body.length }, body, next);
    });
  });
  extract.on("finish", () => pack.finalize());
  await Promise.all([
    pipeline(fs.createReadStream(from), createGunzip(), extract),
    pipeline(pack, createGzip(), fs.createWriteStream(to)),
  ]);
}

describe.runIf(TEST_DB === "pglite")("backup and restore of the embedded database", () => {
  // Made when the tests run, not when they are collected (the PostgreSQL project skips them).
  let tmp = "";
  let source = "";
  let backupFile = "";
  let before: Awaited<ReturnType<typeof fingerprintsOf>>;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cs-backup-test-"));
    source = path.join(tmp, "source");
    backupFile = path.join(tmp, "backup.tar.gz");
    extractPgliteFixture(fixture, source);
    const handle = await openDatabase({ kind: "pglite", dataDir: source });
    await migrateToLatest(handle.db);
    await seedReferenceData(handle.db);
    await handle.close();
    // A file of DATA_DIR besides the database (uploads and exports are kept there).
    fs.mkdirSync(path.join(source, "uploads"), { recursive: true });
    fs.writeFileSync(path.join(source, "uploads", "part-1.bin"), Buffer.from([0, 1, 2, 255]));
    before = await fingerprintsOf(source);
  }, 120_000);

  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("backs up, restores into a fresh directory and finds every row of every table", async () => {
    for (const table of IMPORTANT) expect(before[table]?.rows, table).toBeGreaterThan(0);

    const manifest = await backupDataDir({ dataDir: source, out: backupFile });
    expect(manifest.tables).toEqual(before);
    expect(manifest.files).toEqual(["uploads/part-1.bin"]);

    const target = path.join(tmp, "fresh");
    const restored = await restoreDataDir({ file: backupFile, dataDir: target });
    expect(restored.replaced).toBeUndefined();
    const after = await fingerprintsOf(target);
    expect(Object.keys(after).length).toBeGreaterThan(20);
    expect(after).toEqual(before);
    expect(fs.readFileSync(path.join(target, "uploads", "part-1.bin"))).toEqual(
      Buffer.from([0, 1, 2, 255]),
    );
    // The source was not changed by being backed up.
    expect(await fingerprintsOf(source)).toEqual(before);
  }, 120_000);

  it("refuses a non-empty directory without --force, and keeps the old one with it", async () => {
    const target = path.join(tmp, "occupied");
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, "notes.txt"), "mine");
    await expect(restoreDataDir({ file: backupFile, dataDir: target })).rejects.toThrow(
      /is not empty.*--force/,
    );
    expect(fs.readdirSync(target)).toEqual(["notes.txt"]);

    const { replaced } = await restoreDataDir({ file: backupFile, dataDir: target, force: true });
    expect(fs.readFileSync(path.join(replaced!, "notes.txt"), "utf8")).toBe("mine");
    expect(await fingerprintsOf(target)).toEqual(before);
  }, 120_000);

  it("refuses while another process holds the data directory", async () => {
    const holder = spawn("sleep", ["30"]);
    try {
      fs.writeFileSync(path.join(source, "content-studio.lock"), String(holder.pid));
      await expect(
        backupDataDir({ dataDir: source, out: path.join(tmp, "while-running.tar.gz") }),
      ).rejects.toThrow(DatabaseLockedError);
      expect(fs.existsSync(path.join(tmp, "while-running.tar.gz"))).toBe(false);
      await expect(
        restoreDataDir({ file: backupFile, dataDir: source, force: true }),
      ).rejects.toThrow(/in use by another Content Studio process/);
    } finally {
      holder.kill();
      fs.rmSync(path.join(source, "content-studio.lock"), { force: true });
    }
    expect(await fingerprintsOf(source)).toEqual(before);
  });

  it("refuses an existing output file, a directory without a database and a file that is no backup", async () => {
    await expect(backupDataDir({ dataDir: source, out: backupFile })).rejects.toThrow(
      /exists already/,
    );
    await expect(
      backupDataDir({ dataDir: path.join(tmp, "nothing"), out: path.join(tmp, "x.tar.gz") }),
    ).rejects.toThrow(/no embedded database/);
    const junk = path.join(tmp, "junk.tar.gz");
    fs.writeFileSync(junk, "not a backup");
    const target = path.join(tmp, "from-junk");
    await expect(restoreDataDir({ file: junk, dataDir: target })).rejects.toThrow(BackupError);
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it("replaces nothing when the restored database differs from the backup's manifest", async () => {
    const tampered = path.join(tmp, "tampered.tar.gz");
    await rewriteManifest(backupFile, tampered, (manifest) => {
      manifest.tables["public.proof_fact"]!.rows += 1;
    });
    const target = path.join(tmp, "from-tampered");
    await expect(restoreDataDir({ file: tampered, dataDir: target })).rejects.toThrow(
      /differs from the backup's manifest in public\.proof_fact: nothing was replaced/,
    );
    expect(fs.readdirSync(target)).toEqual([]);
    expect(fs.readdirSync(tmp).filter((name) => name.includes(".restoring-"))).toEqual([]);
  }, 120_000);

  it("works as the command npm run backup / restore runs", () => {
    const run = (args: string[]) =>
      spawnSync(
        process.execPath,
        ["--import", "tsx", "packages/server/src/backup-cli.ts", ...args],
        {
          cwd: repoRoot,
          encoding: "utf8",
          env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: source },
        },
      );
    const out = path.join(tmp, "cli.tar.gz");
    const backup = run(["backup", "--out", out]);
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/Backed up .* \d+ tables, \d+ rows, 1 other files/);
    expect(backup.status).toBe(0);
    const refused = run(["restore", out]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/is not empty/);
  }, 120_000);
});

describe.runIf(TEST_DB === "postgres")("backup and restore on PostgreSQL (pg_dump)", () => {
  it("pg_dump and pg_restore as the operator guide says keep every row of every table", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cs-pgdump-test-"));
    const source = await restorePostgresFixture(fixture);
    const target = await createScratchDatabase();
    const fingerprints = async (url: string, migrate: boolean) => {
      const handle = await openDatabase({ kind: "postgres", url, poolSize: 2 });
      try {
        if (migrate) await migrateToLatest(handle.db);
        return await fingerprintTables(handle.db as unknown as Kysely<unknown>);
      } finally {
        await handle.close();
      }
    };
    try {
      const before = await fingerprints(source.url, true);
      for (const table of IMPORTANT) expect(before[table]?.rows, table).toBeGreaterThan(0);
      const file = path.join(tmp, "content-studio.dump");
      execFileSync("pg_dump", ["--format=custom", "--no-owner", "--file", file, source.url]);
      pgRestore(file, target.url);
      expect(await fingerprints(target.url, false)).toEqual(before);
    } finally {
      await source.drop();
      await target.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 120_000);

  it("the backup command points to pg_dump when DATABASE_URL is set", () => {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", "packages/server/src/backup-cli.ts", "backup", "--out", "x.tar.gz"],
      {
        cwd: repoRoot,
        encoding: "utf8",
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATABASE_URL: process.env.TEST_DATABASE_URL,
        },
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/pg_dump --format=custom/);
    expect(fs.existsSync(path.join(repoRoot, "x.tar.gz"))).toBe(false);
  });
});
