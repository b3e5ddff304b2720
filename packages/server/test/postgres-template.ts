import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import pg from "pg";
import { migrateToLatest, openDatabase } from "../src/db/database";
import { seedReferenceData } from "../src/db/seed/seed";
import { seedProofFacts } from "../src/modules/proof/proof.service";
import { JobEngine } from "../src/lib/job-engine";

declare module "vitest" {
  export interface ProvidedContext {
    /** Template databases made once for this run on TEST_DATABASE_URL's server (see below). */
    postgresTemplates: { run: string; seeded: string; migrated: string };
  }
}

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
}

/** Runs `work` on a client of TEST_DATABASE_URL's own database (creating and dropping others). */
export async function onServer<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database `<prefix>_<run>_<random>` on TEST_DATABASE_URL's server (`run`: the run's id,
 * so its teardown finds what a failed file left), a copy of `template` when given, else empty;
 * drop() removes it with any connection still open to it.
 */
export async function newDatabase(
  prefix: string,
  run: string | undefined,
  template: string | undefined,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `${prefix}_${run ?? "x"}_${randomBytes(6).toString("hex")}`;
  await onServer(server, (c) =>
    c.query(`create database ${name}${template ? ` template ${template}` : ""}`),
  );
  return {
    url: databaseUrl(server, name),
    drop: async () =>
      void (await onServer(server, (c) => c.query(`drop database if exists ${name} with (force)`))),
  };
}

/**
 * Vitest global setup of the PostgreSQL project: two databases are migrated once per run (one
 * seeded, one not), with the job engine's schema installed, and each test file gets a database
 * of its own copied from one of them (`create database … template`). A database per file keeps
 * files apart: catalogs, notifications and connection settings are per database, so files can
 * run two at a time (decision 0057). Made fresh at each run from the code under test.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const run = randomBytes(4).toString("hex");
  const templates = { run, seeded: `cs_tpl_${run}_seeded`, migrated: `cs_tpl_${run}_migrated` };
  for (const [name, seed] of [
    [templates.seeded, true],
    [templates.migrated, false],
  ] as const) {
    await onServer(url, (c) => c.query(`create database ${name}`));
    const handle = await openDatabase({
      kind: "postgres",
      url: databaseUrl(url, name),
      poolSize: 2,
    });
    try {
      await migrateToLatest(handle.db);
      if (seed) {
        await seedReferenceData(handle.db);
        await seedProofFacts(handle.db);
      }
      const engine = new JobEngine(handle.jobStore, console);
      await engine.start();
      await engine.stop();
    } finally {
      await handle.close();
    }
  }
  project.provide("postgresTemplates", templates);
  return async () => {
    // The templates, and any database of this run a failed file left behind.
    await onServer(url, async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`cs_%${run}%`],
      );
      for (const { datname } of rows)
        await c.query(`drop database if exists ${datname} with (force)`);
    });
  };
}
