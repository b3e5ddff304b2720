import { ConfigError, loadConfig } from "./config";
import { DatabaseLockedError, openDatabase, type DatabaseHandle } from "./db/database";
import { JobEngine } from "./lib/job-engine";
import { prepareDatabase } from "./prepare-database";

/**
 * `npm run migrate`: migrates and seeds the database named by DATABASE_URL (or the embedded one
 * in DATA_DIR) and installs the job engine's schema, then exits, for deployments that migrate
 * in a step of their own before starting web and worker processes. Under the same lock as a
 * starting web process: a second run at the same time waits, then finds nothing to do.
 */
async function migrate(): Promise<void> {
  const config = loadConfig();
  const database: DatabaseHandle = config.databaseUrl
    ? await openDatabase({ kind: "postgres", url: config.databaseUrl })
    : await openDatabase({ kind: "pglite", dataDir: config.dataDir });
  try {
    const applied = await prepareDatabase(database, (m) => console.log(m));
    // A queue-less engine that runs nothing: starting it installs or upgrades its tables.
    const jobs = new JobEngine(
      database.jobStore,
      { error: (o, m) => console.error(m, o), warn: (o, m) => console.error(m, o) },
      { runsJobs: false },
    );
    await jobs.start();
    await jobs.stop();
    console.log(
      applied === 0
        ? "The database schema is already current: nothing to migrate."
        : `Migrated the database: ${applied} migration${applied === 1 ? "" : "s"} applied.`,
    );
  } finally {
    await database.close();
  }
}

migrate().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
      console.error(error.message);
    } else {
      console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(1);
  },
);
