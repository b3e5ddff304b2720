import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Runs `work` with the URL of a new, empty database on the PostgreSQL server at `adminUrl`,
 * and drops that database afterwards, whatever happened.
 * @template T
 * @param {string} adminUrl @param {(url: string) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withScratchDatabase(adminUrl, work) {
  const name = `content_studio_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await work(url.href);
  } finally {
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

/**
 * The PostgreSQL server benches measure on: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * `fallback`.
 * @param {string} [fallback]
 */
export function benchDatabaseUrl(fallback) {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || fallback;
}

/**
 * The entries `work` measures in a throw-away database on the benches' PostgreSQL server
 * (benchDatabaseUrl()); none when no server is set, which `bench` logs as skipped.
 * @template T
 * @param {string} bench @param {(url: string) => Promise<T[]>} work
 * @returns {Promise<T[]>}
 */
export async function withBenchDatabase(bench, work) {
  const adminUrl = benchDatabaseUrl();
  if (!adminUrl) {
    console.log(`${bench}: PostgreSQL skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)`);
    return [];
  }
  return withScratchDatabase(adminUrl, work);
}

/**
 * Whether a PostgreSQL server answers at `url` within 3 s.
 * @param {string} url
 */
export async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
