import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type Kysely } from "kysely";
import tar from "tar-stream";
import { acquireLock, LOCK_FILE, openDatabase } from "./database";

/**
 * Backup and restore of the embedded database (DATA_DIR): stop, copy, start. PGlite is one
 * connection inside the server process, so the server is stopped first; both commands take
 * DATA_DIR's lock and refuse while a server holds it. A backup is one gzipped tar: the
 * manifest (row count and checksum of every table), PGlite's own dump of `pgdata`, and any
 * other files in DATA_DIR. A restore loads it beside DATA_DIR, checks every table against the
 * manifest, and only then swaps it in. PostgreSQL is backed up with pg_dump (docs/operations.md).
 */

export const BACKUP_FORMAT = "content-studio-backup";
const BACKUP_VERSION = 1;
const PGDATA = "pgdata";

/** Rows and a checksum of their contents (order-independent) for one table. */
export interface TableFingerprint {
  rows: number;
  checksum: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The last migration applied to the backed-up database. */
  migration: string | null;
  /** "schema.table" → fingerprint, for every table outside PostgreSQL's own schemas. */
  tables: Record<string, TableFingerprint>;
  /** Other files of DATA_DIR, relative to it. */
  files: string[];
}

/** Why a backup or restore refused or failed; its message is for the operator. */
export class BackupError extends Error {}

/**
 * Every table's row count and checksum (md5 over the sorted md5 of each row's text form), so
 * two databases can be compared table by table. Works on PGlite and PostgreSQL alike.
 */
export async function fingerprintTables(
  db: Kysely<unknown>,
): Promise<Record<string, TableFingerprint>> {
  const { rows: tables } = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE'
      and table_schema not in ('pg_catalog', 'information_schema')
      and table_schema not like 'pg\\_%'
    order by 1, 2`.execute(db);
  const result: Record<string, TableFingerprint> = {};
  for (const { schema, name } of tables) {
    const table = sql.table(`${schema}.${name}`);
    const { rows } = await sql<{ rows: number; checksum: string | null }>`
      select count(*)::int as rows,
        md5(coalesce(string_agg(h, '' order by h collate "C"), '')) as checksum
      from (select md5(t::text) as h from ${table} t) hashed`.execute(db);
    result[`${schema}.${name}`] = {
      rows: Number(rows[0]!.rows),
      checksum: rows[0]!.checksum ?? "",
    };
  }
  return result;
}

async function lastMigration(db: Kysely<unknown>): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1`
    .execute(db)
    .catch(() => ({ rows: [] as { name: string }[] }));
  return rows[0]?.name ?? null;
}

/** Files of DATA_DIR besides the database and the lock, relative to it. */
function otherFiles(dataDir: string): string[] {
  const found: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dataDir, rel), { withFileTypes: true })) {
      const child = rel ? path.posix.join(rel, entry.name) : entry.name;
      if (!rel && (entry.name === PGDATA || entry.name === LOCK_FILE)) continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  walk("");
  return found;
}

function hasDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, PGDATA, "PG_VERSION"));
}

/**
 * Backs up the embedded database in `dataDir` to `out` (a .tar.gz). Refuses while a server
 * holds the directory, when there is no database in it, and when `out` exists (unless `force`).
 */
export async function backupDataDir(options: {
  dataDir: string;
  out: string;
  force?: boolean;
}): Promise<BackupManifest> {
  const dataDir = path.resolve(options.dataDir);
  const out = path.resolve(options.out);
  if (!hasDatabase(dataDir)) {
    throw new BackupError(`There is no embedded database in ${dataDir} (DATA_DIR).`);
  }
  if (fs.existsSync(out) && !options.force) {
    throw new BackupError(`${out} exists already: choose another file or pass --force.`);
  }
  // Takes the data directory's lock: refused while a server runs on it (DatabaseLockedError).
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    const db = handle.db as unknown as Kysely<unknown>;
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migration: await lastMigration(db),
      tables: await fingerprintTables(db),
      files: otherFiles(dataDir),
    };
    await sql`CHECKPOINT`.execute(db);
    const { jobStore } = handle;
    if (jobStore.kind !== "pglite") throw new Error("unreachable");
    const dump = Buffer.from(await (await jobStore.pglite.dumpDataDir("none")).arrayBuffer());

    const partial = `${out}.partial-${randomBytes(4).toString("hex")}`;
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), fs.createWriteStream(partial, { flags: "wx" }));
    try {
      const add = (name: string, body: Buffer) =>
        new Promise<void>((resolve, reject) =>
          pack.entry({ name, size: body.length }, body, (e) => (e ? reject(e) : resolve())),
        );
      await add("manifest.json", Buffer.from(JSON.stringify(manifest, null, 2)));
      await add(`${PGDATA}.tar`, dump);
      for (const rel of manifest.files) {
        await add(`files/${rel}`, fs.readFileSync(path.join(dataDir, rel)));
      }
      pack.finalize();
      await written;
      fs.renameSync(partial, out);
    } catch (error) {
      pack.destroy();
      await written.catch(() => undefined);
      fs.rmSync(partial, { force: true });
      throw error;
    }
    return manifest;
  } finally {
    await handle.close();
  }
}

/** Reads a backup: its manifest and PGlite dump in memory, other files into `filesDir`. */
async function readBackup(
  file: string,
  filesDir: string,
): Promise<{ manifest: BackupManifest; dump: Buffer }> {
  let manifest: BackupManifest | undefined;
  let dump: Buffer | undefined;
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    const chunks: Buffer[] = [];
    const name = header.name;
    const isFile = name.startsWith("files/") && header.type === "file";
    const target = isFile ? path.resolve(filesDir, name.slice("files/".length)) : "";
    if (isFile && !target.startsWith(filesDir + path.sep)) {
      next(new BackupError(`The backup holds a file outside the data directory: ${name}`));
      return;
    }
    if (isFile) fs.mkdirSync(path.dirname(target), { recursive: true });
    stream.on("data", (data: unknown) => {
      const chunk = data as Buffer;
      if (isFile) fs.appendFileSync(target, chunk);
      else chunks.push(chunk);
    });
    stream.on("error", next);
    stream.on("end", () => {
      if (name === "manifest.json") {
        try {
          manifest = JSON.parse(Buffer.concat(chunks).toString("utf8")) as BackupManifest;
        } catch {
          next(new BackupError("The backup's manifest is not JSON."));
          return;
        }
      } else if (name === `${PGDATA}.tar`) {
        dump = Buffer.concat(chunks);
      }
      next();
    });
  });
  try {
    await pipeline(fs.createReadStream(file), createGunzip(), extract);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a Content Studio backup: ${(error as Error).message}`);
  }
  if (manifest?.format !== BACKUP_FORMAT || !dump) {
    throw new BackupError(`${file} is not a Content Studio backup (no manifest or database).`);
  }
  if (manifest.version > BACKUP_VERSION) {
    throw new BackupError(
      `${file} was made by a newer release (backup format ${manifest.version}): restore it with that release.`,
    );
  }
  return { manifest, dump };
}

/** Names of what is in `dataDir` besides the lock file; none when it does not exist. */
function contentsOf(dataDir: string): string[] {
  if (!fs.existsSync(dataDir)) return [];
  return fs.readdirSync(dataDir).filter((name) => name !== LOCK_FILE);
}

/**
 * Restores a backup into `dataDir`. Refuses while a server holds the directory, and when it is
 * not empty unless `force` (then its old contents are kept beside it, in `replaced`). The
 * backup is loaded beside the directory and every table checked against the manifest before
 * anything is replaced.
 */
export async function restoreDataDir(options: {
  file: string;
  dataDir: string;
  force?: boolean;
}): Promise<{ manifest: BackupManifest; replaced: string | undefined }> {
  const file = path.resolve(options.file);
  const dataDir = path.resolve(options.dataDir);
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  fs.mkdirSync(dataDir, { recursive: true });
  // Refused (DatabaseLockedError) while a server runs on the directory; held until the swap.
  const release = acquireLock(dataDir);
  const staging = `${dataDir}.restoring-${randomBytes(4).toString("hex")}`;
  try {
    const existing = contentsOf(dataDir);
    if (existing.length > 0 && !options.force) {
      throw new BackupError(
        `${dataDir} is not empty (${existing.slice(0, 3).join(", ")}${existing.length > 3 ? ", …" : ""}): restore into an empty directory, or pass --force to replace it (its contents are kept beside it).`,
      );
    }
    assertReplaceable(dataDir);
    fs.mkdirSync(staging);
    const { manifest, dump } = await readBackup(file, staging);
    const pglite = await PGlite.create({
      dataDir: path.join(staging, PGDATA),
      loadDataDir: new Blob([dump as Uint8Array<ArrayBuffer>]),
      extensions: { pg_trgm },
    });
    const handle = await openDatabase({ kind: "pglite", pglite });
    try {
      const found = await fingerprintTables(handle.db as unknown as Kysely<unknown>);
      const differing = Object.keys({ ...manifest.tables, ...found }).filter(
        (t) =>
          manifest.tables[t]?.rows !== found[t]?.rows ||
          manifest.tables[t]?.checksum !== found[t]?.checksum,
      );
      if (differing.length > 0) {
        throw new BackupError(
          `The restored database differs from the backup's manifest in ${differing.join(", ")}: nothing was replaced.`,
        );
      }
    } finally {
      await handle.close();
    }

    let replaced: string | undefined;
    if (existing.length > 0) {
      replaced = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      fs.renameSync(dataDir, replaced);
      fs.rmSync(path.join(replaced, LOCK_FILE), { force: true });
    } else {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    fs.renameSync(staging, dataDir);
    return { manifest, replaced };
  } finally {
    release();
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * A restore is loaded beside DATA_DIR and renamed into place, so DATA_DIR must not be a mount
 * point (a container volume): rename cannot move one. Mount the volume one level up.
 */
function assertReplaceable(dataDir: string): void {
  const parent = path.dirname(dataDir);
  if (fs.statSync(dataDir).dev !== fs.statSync(parent).dev) {
    throw new BackupError(
      `${dataDir} is a mount point: a restore is prepared beside it and renamed into place. Mount the volume at ${parent} or another parent directory and point DATA_DIR at a directory inside it.`,
    );
  }
  try {
    fs.accessSync(parent, fs.constants.W_OK);
  } catch {
    throw new BackupError(
      `${parent} is not writable: a restore is prepared there, beside ${dataDir}.`,
    );
  }
}

/** What the backup command says when the server runs on PostgreSQL. */
export const POSTGRES_BACKUP_ADVICE = [
  "DATABASE_URL is set: this server keeps its data in PostgreSQL, which backs up with its own tools.",
  'Back up:  pg_dump --format=custom --no-owner --file content-studio.dump "$DATABASE_URL"',
  'Restore:  pg_restore --no-owner --exit-on-error --dbname "$NEW_DATABASE_URL" content-studio.dump   (into an empty database)',
  "The dump holds every schema of the database, the job engine's (pgboss) included. See docs/operations.md.",
].join("\n");
