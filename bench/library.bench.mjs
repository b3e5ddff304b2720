// Content library and dashboard at 100,000 items, on the BUILT server, on PGlite and on
// PostgreSQL when one answers at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432;
// the run creates its own database there and drops it at the end):
// - p50/p95 time of the library list with a search term, with filters, and of the dashboard
//   summary (sequential requests over loopback, so the time is the server's plus ~0.2 ms);
// - the plain list's throughput under 20 concurrent clients (autocannon), as a ratio to a bare
//   Fastify serving the same JSON in the same run.
// The items come from packages/server/bench/seed-library.ts (run through tsx).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { makeDataDir, repoRoot, startServer } from "../e2e/lib/server.mjs";
import { loadTest } from "./lib/autocannon.mjs";
import { startBareFastify } from "./lib/bare-fastify.mjs";
import { postgresAnswers, withScratchDatabase } from "./lib/postgres.mjs";
import { percentile, signInCookie } from "./lib/measure.mjs";
import { ensureBuild } from "./lib/build.mjs";

const ITEMS = Number(process.env.BENCH_LIBRARY_ITEMS ?? 100_000);
const SAMPLES = 200;
const CLIENTS = 20;
const SECONDS = 5;
const ADMIN = { email: "bench-library@example.com", password: "Library-Shelves-2026" };

const TERMS = ["tolerance", "supplier", "should-cost", "machining", "tooling", "battery", "quote"];
const TYPES = ["case-study", "technical-guide", "thought-leadership", "industry-report"];
const SORTS = ["updated", "created", "quality"];
const PERSONAS = ["cto", "vp-engineering", "director-engineering", "product-manager"];
const INDUSTRIES = ["aerospace", "automotive", "high-tech", "industrial"];
const STATUSES = ["draft", "in_review", "approved", "published"];

/** Every combination of the given lists, as query strings. @param {Record<string, string[]>} lists */
function combinations(lists) {
  /** @type {string[]} */
  let out = [""];
  for (const [name, values] of Object.entries(lists)) {
    out = out.flatMap((qs) => values.map((v) => `${qs}${qs ? "&" : ""}${name}=${v}`));
  }
  return out;
}

/**
 * The timed requests. The list and search keep answers in a cache until the library changes
 * (lib/answer-cache.ts), so every timed request is a different query (terms, types, sorts,
 * page sizes; filter combinations): what is timed is the database work, never the cache.
 */
const QUERIES = {
  search: combinations({ q: TERMS, type: TYPES, sort: SORTS, limit: ["20", "25", "50"] }).map(
    (qs) => `/api/library?${qs}`,
  ),
  filters: combinations({
    type: TYPES,
    status: STATUSES,
    personaId: PERSONAS,
    industryId: INDUSTRIES,
  }).map((qs) => `/api/library?${qs}&quality=high`),
  dashboard: ["/api/dashboard/summary"],
};

/** @param {string} base @param {string[]} urls (taken in turn) @param {string} cookie */
async function timeRequests(base, urls, cookie) {
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < SAMPLES + 20; i++) {
    const url = `${base}${urls[i % urls.length]}`;
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
    if (i >= 20) times.push(performance.now() - t0);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Requests per second under CLIENTS connections. @param {string} url @param {string} [cookie] */
async function throughput(url, cookie) {
  const result = await loadTest(url, { connections: CLIENTS, seconds: SECONDS, cookie });
  return result.requests.average;
}

/** @param {string[]} args */
function seed(args) {
  const started = performance.now();
  const res = spawnSync(
    "npx",
    ["tsx", "packages/server/bench/seed-library.ts", "--count", String(ITEMS), ...args],
    { cwd: repoRoot, stdio: "inherit" },
  );
  if (res.status !== 0) throw new Error("seeding failed");
  return (performance.now() - started) / 1000;
}

/** @param {string} label @param {string} [databaseUrl] */
async function measure(label, databaseUrl) {
  const env = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "warn",
    EXAMPLES_ROOT: makeDataDir("content-studio-bench-noexamples-"),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const dataDir = makeDataDir("content-studio-bench-library-");
  try {
    // First start: migrations, reference data and the administrator; then the items.
    const first = await startServer({ dataDir, env, timeoutMs: 120_000 });
    await first.stop();
    const seedSeconds = seed(
      databaseUrl ? ["--database-url", databaseUrl] : ["--data-dir", dataDir],
    );
    console.log(`library: ${label} seeded ${ITEMS} items in ${seedSeconds.toFixed(1)} s`);

    const server = await startServer({ dataDir, env, timeoutMs: 120_000 });
    try {
      const base = server.apiUrl;
      const cookie = await signInCookie(base, ADMIN);
      /** @type {Record<string, { p50: number, p95: number }>} */
      const times = {};
      for (const [name, urls] of Object.entries(QUERIES)) {
        times[name] = await timeRequests(base, urls, cookie);
        console.log(
          `library: ${label} ${name} p50 ${times[name].p50.toFixed(1)} ms, p95 ${times[name].p95.toFixed(1)} ms`,
        );
      }
      // The plain first page, as everybody opening the library asks for it: this measures the
      // per-request path (session, cache, headers) against bare Fastify.
      const listUrl = `${base}/api/library`;
      const body = await (await fetch(listUrl, { headers: { cookie } })).text();
      const app = await throughput(listUrl, cookie);
      const bare = await startBareFastify({ "/": body });
      let bareRps = 0;
      try {
        bareRps = await throughput(`${bare.url}/`);
      } finally {
        bare.stop();
      }
      console.log(
        `library: ${label} list ${Math.round(app)} req/s vs bare Fastify ${Math.round(bareRps)} req/s (${CLIENTS} clients)`,
      );
      return { times, ratio: app / bareRps, rps: app };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(env.EXAMPLES_ROOT, { recursive: true, force: true });
  }
}

/** @param {Awaited<ReturnType<typeof measure>>} r @param {string} suffix @param {number} ratioTarget */
function entries(r, suffix, ratioTarget, p95Target) {
  const round = (/** @type {number} */ n) => Number(n.toFixed(2));
  return [
    ...Object.entries(r.times).flatMap(([name, t]) => [
      { metric: `library.${name}_p50${suffix}`, value: round(t.p50), unit: "ms", target: "report" },
      {
        metric: `library.${name}_p95${suffix}`,
        value: round(t.p95),
        unit: "ms",
        target: p95Target,
      },
    ]),
    {
      metric: `library.list_rps${suffix}`,
      value: Math.round(r.rps),
      unit: "req/s",
      target: "report",
    },
    {
      metric: `library.list_vs_bare_fastify${suffix}`,
      value: round(r.ratio),
      unit: "ratio",
      target: `>= ${ratioTarget}`,
    },
  ];
}

/** The server the PostgreSQL run uses when BENCH_DATABASE_URL is not set. */
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

export async function run() {
  ensureBuild("library");
  const results = entries(await measure("PGlite"), "", 0.15, "<= 50 ms");

  const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES;
  if (!(await postgresAnswers(adminUrl))) {
    console.log(`library: PostgreSQL skipped (nothing answers at ${adminUrl})`);
    return results;
  }
  results.push(
    ...(await withScratchDatabase(adminUrl, async (url) =>
      entries(await measure("PostgreSQL", url), " (PostgreSQL)", 0.25, "<= 50 ms"),
    )),
  );
  return results;
}
