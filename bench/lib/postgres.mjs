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
