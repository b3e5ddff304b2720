import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { migrateToLatest, openDatabase } from "../src/db/database";
import { seedReferenceData } from "../src/db/seed/seed";
import { seedProofFacts } from "../src/modules/proof/proof.service";
import { JobEngine } from "../src/lib/job-engine";

declare module "vitest" {
  export interface ProvidedContext {
    /** Dumps of a migrated PGlite database made once for this run, seeded and not (see below). */
    pgliteTemplates: { seeded: string; migrated: string };
    /** The same database as a server's DATA_DIR (its `pgdata` folder), to copy. */
    pgliteDataDir: string;
  }
}

/**
 * Vitest global setup of the PGlite project: one database is migrated for the whole run and
 * dumped to a file, then seeded and dumped again, and each test database is loaded from one of
 * the dumps (about three times faster than creating and migrating one: most of the cost is
 * PGlite's initdb). Made fresh at each run from the code under test, so it cannot go stale.
 */
export default async function setup(project: TestProject) {
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const handle = await openDatabase({ kind: "pglite", pglite });
  await migrateToLatest(handle.db);
  // The job engine's schema too (installing it is most of an engine's first start).
  const engine = new JobEngine(handle.jobStore, console);
  await engine.start();
  await engine.stop();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cs-pglite-template-"));
  const dumpTo = async (name: string) => {
    const dump = await pglite.dumpDataDir("none");
    const file = path.join(dir, name);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { dump, file };
  };
  const { file: migrated } = await dumpTo("migrated.tar");
  await seedReferenceData(handle.db);
  await seedProofFacts(handle.db);
  const { dump, file } = await dumpTo("seeded.tar");
  await handle.close();
  project.provide("pgliteTemplates", { seeded: file, migrated });
  // The same database as a DATA_DIR on disk, for the server processes tests start.
  const dataDir = path.join(dir, "data");
  fs.mkdirSync(dataDir);
  const onDisk = await PGlite.create({
    dataDir: path.join(dataDir, "pgdata"),
    loadDataDir: dump,
    extensions: { pg_trgm },
  });
  await onDisk.close();
  project.provide("pgliteDataDir", dataDir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
