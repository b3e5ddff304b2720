// Per-request cost of the BUILT server, in one run: an authenticated GET /api/personas and the
// examples list (GET /api/examples, the first page of the sample repository) under 20
// connections (autocannon), each as a ratio to a bare Fastify serving the same JSON bytes in
// the same run, so the machine's load counts on both sides. The CPU time per request of each
// process (from /proc) is reported too: it depends far less on the machine's load.
// PGlite always; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
// BENCH_PER_REQUEST_SECONDS sets the duration of each measurement (default 5 s);
// BENCH_CPU_PROF=<dir> profiles the server (bench/lib/cpu-profile.cjs) and writes the profile there.
import path from "node:path";
import { repoRoot, startServer } from "../e2e/lib/server.mjs";
import { loadTest } from "./lib/autocannon.mjs";
import { startBareFastify } from "./lib/bare-fastify.mjs";
import { withBenchDatabase } from "./lib/postgres.mjs";
import { ensureBuild } from "./lib/build.mjs";
import { cpuSeconds, signInCookie, sleep } from "./lib/measure.mjs";

const CLIENTS = 20;
const SECONDS = Number(process.env.BENCH_PER_REQUEST_SECONDS ?? 5);
const ADMIN = { email: "bench-per-request@example.com", password: "Per-Request-Cost-2026" };
const ENDPOINTS = { personas: "/api/personas", examples: "/api/examples" };

/**
 * Requests per second under CLIENTS connections, and the CPU time the serving process spent
 * per request (user + system: what the request costs, whatever else the machine is doing).
 * @param {string} url @param {number} pid @param {string} [cookie]
 */
async function throughput(url, pid, cookie) {
  const cpuBefore = cpuSeconds(pid);
  const result = await loadTest(url, { connections: CLIENTS, seconds: SECONDS, cookie });
  const cpuMs = ((cpuSeconds(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, cpuMs };
}

/** Waits until the sample repository's first ingest has stored its examples. */
async function examplesReady(/** @type {string} */ base, /** @type {string} */ cookie) {
  const deadline = Date.now() + 120_000;
  let last = -1;
  for (;;) {
    const res = await fetch(`${base}/api/examples`, { headers: { cookie } });
    const json = /** @type {{ data: { total: number } }} */ (await res.json());
    const total = json.data.total;
    if (total > 0 && total === last) return total;
    if (Date.now() > deadline) throw new Error(`examples never settled (total ${total})`);
    last = total;
    await sleep(1000);
  }
}

/** @param {string} label @param {string} [databaseUrl] */
async function measure(label, databaseUrl) {
  const profileDir = process.env.BENCH_CPU_PROF;
  const env = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "warn",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(profileDir
      ? {
          NODE_OPTIONS: `--require ${path.join(repoRoot, "bench/lib/cpu-profile.cjs")}`,
          BENCH_CPU_PROF: path.resolve(profileDir),
        }
      : {}),
  };
  const server = await startServer({ env, timeoutMs: 120_000 });
  try {
    const base = server.apiUrl;
    const cookie = await signInCookie(base, ADMIN);
    const examples = await examplesReady(base, cookie);
    /** @type {Record<string, string>} */
    const bodies = {};
    for (const [name, url] of Object.entries(ENDPOINTS)) {
      const res = await fetch(`${base}${url}`, { headers: { cookie } });
      bodies[url] = await res.text();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      console.log(`per-request: ${label} ${name} answer ${bodies[url].length} bytes`);
    }
    const bare = await startBareFastify(bodies);
    /** @type {Record<string, { app: number, bare: number, appCpuMs: number, bareCpuMs: number }>} */
    const rps = {};
    try {
      for (const [name, url] of Object.entries(ENDPOINTS)) {
        // Alternated, so a change in the machine's load touches both sides alike.
        const app = await throughput(`${base}${url}`, server.pid, cookie);
        const plain = await throughput(`${bare.url}${url}`, bare.pid);
        rps[name] = { app: app.rps, bare: plain.rps, appCpuMs: app.cpuMs, bareCpuMs: plain.cpuMs };
        console.log(
          `per-request: ${label} ${name} ${Math.round(app.rps)} req/s, ${app.cpuMs.toFixed(2)} ms CPU ` +
            `per request vs bare Fastify ${Math.round(plain.rps)} req/s, ${plain.cpuMs.toFixed(2)} ms ` +
            `(${CLIENTS} connections, ${examples} examples)`,
        );
      }
    } finally {
      bare.stop();
    }
    return rps;
  } finally {
    await server.stop();
  }
}

/**
 * @param {Record<string, { app: number, bare: number, appCpuMs: number, bareCpuMs: number }>} rps
 * @param {string} suffix @param {number} ratioTarget
 */
function entries(rps, suffix, ratioTarget) {
  return Object.entries(rps).flatMap(([name, r]) => [
    {
      metric: `per_request.${name}_rps${suffix}`,
      value: Math.round(r.app),
      unit: "req/s",
      target: "report",
    },
    {
      metric: `per_request.${name}_bare_fastify_rps${suffix}`,
      value: Math.round(r.bare),
      unit: "req/s",
      target: "report",
    },
    {
      metric: `per_request.${name}_cpu_ms${suffix}`,
      value: Number(r.appCpuMs.toFixed(2)),
      unit: "ms/req",
      target: "report",
    },
    {
      metric: `per_request.${name}_bare_fastify_cpu_ms${suffix}`,
      value: Number(r.bareCpuMs.toFixed(3)),
      unit: "ms/req",
      target: "report",
    },
    {
      metric: `per_request.${name}_vs_bare_fastify${suffix}`,
      value: Number((r.app / r.bare).toFixed(3)),
      unit: "ratio",
      target: `>= ${ratioTarget}`,
    },
  ]);
}

export async function run() {
  ensureBuild("per-request");
  return [
    ...entries(await measure("PGlite"), "", 0.15),
    ...(await withBenchDatabase("per-request", async (url) =>
      entries(await measure("PostgreSQL", url), " (PostgreSQL)", 0.25),
    )),
  ];
}
