// Example search at 10,000 examples on the BUILT server with PGlite: the first-start ingest
// (with the search index), search latency one request at a time, and /api/health latency
// while 20 clients search without pause.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverEntry, startServer } from "../e2e/lib/server.mjs";
import { generateExampleFiles } from "./examples-ingest.bench.mjs";
import { cpuSeconds, percentile, round, signInCookie, sleep } from "./lib/measure.mjs";

const FILES = 10_000;
const ADMIN = { email: "bench-search@example.com", password: "Orbital-Tooling-2026" };
/** Rare and very common words alike ("cost" is in most examples, "the" in all of them). */
const QUERIES = [
  "should-cost",
  "digital thread",
  "tooling",
  "procurement",
  "aerospace",
  "variant 4242",
  "cost",
  "the",
  "supplier quality",
  "teamcenter",
  "roi",
  "nonexistentword",
];
const SEARCHERS = 20;
const LOAD_SECONDS = 15;

/**
 * The n-th search: the queries in turn, each time with another page or page size. Example
 * lists are kept in a cache until the examples change (lib/answer-cache.ts, up to 500
 * answers): no two of the first 1,836 searches are the same request, so what is timed is the
 * search itself, never the cache.
 * @param {number} n
 */
function searchUrl(n) {
  const q = QUERIES[n % QUERIES.length] ?? "cost";
  const rest = Math.floor(n / QUERIES.length);
  const page = 1 + (rest % 3);
  const pageSize = 10 + (Math.floor(rest / 3) % 51);
  return `/api/examples?page=${page}&pageSize=${pageSize}&q=${encodeURIComponent(q)}`;
}

let searchCount = 0;

/** @param {string} base @param {string} cookie */
async function search(base, cookie) {
  const url = searchUrl(searchCount++);
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

export async function run() {
  if (!fs.existsSync(serverEntry)) throw new Error("run `npm run build` first");
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "content-studio-bench-search-"));
  generateExampleFiles(root, FILES);
  const server = await startServer({
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      EXAMPLES_ROOT: root,
      LOG_LEVEL: "warn",
    },
    timeoutMs: 120_000,
  });
  try {
    const base = server.apiUrl;
    const cookie = await signInCookie(base, ADMIN);
    const cpuAtStart = cpuSeconds(server.pid);
    /** @type {{ status: string, added: number, startedAt: string, finishedAt: string }} */
    let job;
    for (;;) {
      const r = await fetch(`${base}/api/examples/ingest/jobs`, { headers: { cookie } });
      const jobs = /** @type {{ data: (typeof job)[] }} */ (await r.json()).data;
      const first = jobs.find((j) => j.status !== "running" && j.status !== "queued");
      if (first) {
        job = first;
        break;
      }
      await sleep(100);
    }
    if (job.status !== "succeeded" || job.added !== FILES) {
      throw new Error(`first-start ingest: ${JSON.stringify(job)}`);
    }
    const ingestSeconds =
      (new Date(job.finishedAt).getTime() - new Date(job.startedAt).getTime()) / 1000;
    const ingestCpu = cpuSeconds(server.pid) - cpuAtStart;
    console.log(
      `search: ingest of ${FILES} files with the search index ${round(ingestSeconds, 2)} s ` +
        `(server CPU ${round(ingestCpu, 2)} s; load average ${os.loadavg()[0]?.toFixed(1)})`,
    );

    // One at a time: warm-up pass, then 10 passes over the queries.
    for (let i = 0; i < QUERIES.length; i++) await search(base, cookie);
    /** @type {number[]} */
    const single = [];
    const cpuBefore = cpuSeconds(server.pid);
    for (let pass = 0; pass < 10; pass++) {
      for (let i = 0; i < QUERIES.length; i++) single.push(await search(base, cookie));
    }

    const cpuPerSearch = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / single.length;

    // 20 searchers without pause, and health probes every 50 ms meanwhile.
    let stop = false;
    let searches = 0;
    const searchers = Array.from({ length: SEARCHERS }, async () => {
      while (!stop) {
        await search(base, cookie);
        searches += 1;
      }
    });
    /** @type {number[]} */
    const health = [];
    const deadline = performance.now() + LOAD_SECONDS * 1000;
    while (performance.now() < deadline) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`health answered ${res.status}`);
      health.push(performance.now() - started);
      await sleep(50);
    }
    stop = true;
    await Promise.all(searchers);
    console.log(
      `search: one at a time p50 ${round(percentile(single, 50))} ms, p95 ${round(percentile(single, 95))} ms, server CPU ${round(cpuPerSearch)} ms per search; ` +
        `under ${SEARCHERS} searchers ${round(searches / LOAD_SECONDS)} searches/s, ` +
        `health p50 ${round(percentile(health, 50))} ms, p99 ${round(percentile(health, 99))} ms ` +
        `(load average ${os.loadavg()[0]?.toFixed(1)})`,
    );
    return [
      {
        metric: "search.ingest_10k_files_with_index",
        value: round(ingestSeconds, 2),
        unit: "s",
        target: "<= 15 s",
      },
      {
        metric: "search.ingest_10k_files_with_index server CPU",
        value: round(ingestCpu, 2),
        unit: "s",
        target: "report",
      },
      {
        metric: "search.p95_at_10k (PGlite)",
        value: round(percentile(single, 95)),
        unit: "ms",
        target: "<= 50 ms",
      },
      {
        metric: "search.server_cpu_per_search",
        value: round(cpuPerSearch),
        unit: "ms",
        target: "report",
      },
      {
        metric: "search.health_p99_under_20_searchers",
        value: round(percentile(health, 99)),
        unit: "ms",
        target: "<= 250 ms",
      },
      {
        metric: "search.throughput_20_searchers",
        value: round(searches / LOAD_SECONDS),
        unit: "req/s",
        target: "report",
      },
    ];
  } finally {
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
