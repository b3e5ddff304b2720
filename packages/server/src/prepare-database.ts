import { migrateToLatest, refreshLibraryStatistics, type DatabaseHandle } from "./db/database";
import { withMigrationLock } from "./db/migration-lock";
import { seedReferenceData } from "./db/seed/seed";
import { seedSampleIntentData } from "./modules/audience/audience.service";
import { seedProofFacts } from "./modules/proof/proof.service";

/**
 * Runs `work` alone among the processes on this database: under the migration lock on
 * PostgreSQL (several processes may start at once), directly on the embedded PGlite (one
 * process by construction).
 */
export function aloneOnDatabase<T>(
  database: DatabaseHandle,
  log: (message: string) => void,
  work: () => Promise<T>,
): Promise<T> {
  return database.kind === "postgres" ? withMigrationLock(database.db, log, work) : work();
}

/**
 * Migrates the database and seeds what every start needs (reference data, sample intent data,
 * proof facts), once at a time across processes. Answers how many migrations ran (0: it was
 * already current). Run by `web`/`all` processes at start and by `npm run migrate`.
 */
export function prepareDatabase(
  database: DatabaseHandle,
  log: (message: string) => void,
): Promise<number> {
  return aloneOnDatabase(database, log, async () => {
    const applied = await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    await seedSampleIntentData(database.db);
    await seedProofFacts(database.db);
    if (database.kind === "pglite") await refreshLibraryStatistics(database.db);
    return applied;
  });
}
