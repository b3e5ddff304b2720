import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config";
import { DatabaseLockedError } from "./db/database";
import {
  BackupError,
  backupDataDir,
  POSTGRES_BACKUP_ADVICE,
  restoreDataDir,
  type BackupManifest,
} from "./db/backup";

/**
 * `npm run backup -- --out FILE [--force]` and `npm run restore -- FILE [--force]`: the
 * embedded database in DATA_DIR, with the server stopped (db/backup.ts). Exit codes: 0 done,
 * 1 refused or failed, 2 wrong use (or PostgreSQL, which pg_dump backs up).
 */

const USAGE = [
  "usage: backup-cli.js backup --out FILE [--force] [--data-dir DIR]",
  "       backup-cli.js restore FILE [--force] [--data-dir DIR]",
].join("\n");

function summary(manifest: BackupManifest): string {
  const tables = Object.values(manifest.tables);
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  return `${tables.length} tables, ${rows} rows, ${manifest.files.length} other files; last migration ${manifest.migration ?? "none"}`;
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      out: { type: "string" },
      force: { type: "boolean", default: false },
      "data-dir": { type: "string" },
    },
  });
  const config = loadConfig();
  const dataDir = values["data-dir"] ?? config.dataDir;
  if (config.databaseUrl && !values["data-dir"]) {
    console.error(POSTGRES_BACKUP_ADVICE);
    return 2;
  }
  if (command === "backup" && values.out && positionals.length === 0) {
    const manifest = await backupDataDir({ dataDir, out: values.out, force: values.force });
    console.log(`Backed up ${dataDir} to ${values.out}: ${summary(manifest)}.`);
    return 0;
  }
  if (command === "restore" && positionals.length === 1 && !values.out) {
    const { manifest, replaced } = await restoreDataDir({
      file: positionals[0]!,
      dataDir,
      force: values.force,
    });
    console.log(
      `Restored ${positionals[0]} (made ${manifest.createdAt}) into ${dataDir}: ${summary(manifest)}; every table matches the backup.` +
        (replaced ? ` The previous contents are in ${replaced}.` : ""),
    );
    console.log("Start the server: it applies any newer migrations.");
    return 0;
  }
  console.error(USAGE);
  return 2;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DatabaseLockedError) {
      console.error(
        `${error.message}\nThe embedded database is backed up and restored with the server stopped.`,
      );
    } else if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(1);
  },
);
