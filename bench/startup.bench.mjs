// Server start-up time on an existing PGlite data directory, and the server's resident memory.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  freePort,
  makeDataDir,
  repoRoot,
  serverEntry,
  startServer,
  webIndex,
} from "../e2e/lib/server.mjs";
import { signInCookie } from "./lib/measure.mjs";
import { withBenchDatabase } from "./lib/postgres.mjs";

const STARTS = 5;
const ADMIN = { email: "bench@example.com", password: "Orbital-Tooling-2026" };

/** VmRSS (or another /proc/<pid>/status field) in MiB. @param {number} pid @param {string} field */
function procMemMiB(pid, field = "VmRSS") {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  if (!match) throw new Error(`${field} not found in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

/**
 * CPU time (user + system) a process has used so far, in ms: unlike wall-clock start-up time,
 * it barely moves when other work shares the cores.
 * @param {number} pid
 */
function procCpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}
const CLOCK_TICKS_PER_SECOND = 100;

/** @param {number[]} values @returns {number} */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ i) => sorted[i] ?? NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};
/** @param {number} n @param {number} digits */
const round = (n, digits = 0) => Number(n.toFixed(digits));
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A little real traffic: sign in, then the calls the app shell makes on load, plus the SPA.
 * @param {Awaited<ReturnType<typeof startServer>>} server
 */
async function exercise(server) {
  const origin = { origin: server.apiUrl };
  const cookie = await signInCookie(server.apiUrl, ADMIN);
  const paths = [
    ...(fs.existsSync(webIndex) ? ["/"] : []),
    "/api/session",
    "/api/ai-service-info",
    "/api/personas",
    "/api/industries",
    "/api/buying-stages",
    "/api/health",
  ];
  let count = 1;
  for (let pass = 0; pass < 10; pass++) {
    for (const p of paths) {
      const response = await fetch(`${server.apiUrl}${p}`, { headers: { cookie, ...origin } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${p} answered ${response.status}`);
      count++;
    }
  }
  return count;
}

export async function run() {
  if (!fs.existsSync(serverEntry)) {
    console.log("startup: no build found, running `npm run build`");
    const build = spawnSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
    if (build.status !== 0) throw new Error("`npm run build` failed");
  }

  const dataDir = makeDataDir("content-studio-bench-");
  const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "warn" };
  try {
    // First start creates and migrates the data directory; it is not measured.
    const first = await startServer({ dataDir, env });
    const firstStartMs = first.startMs;
    console.log(`startup: first start (new data directory) ${Math.round(firstStartMs)} ms`);
    await first.stop();

    const m = await measureStarts(STARTS, { dataDir, env }, "PGlite");
    const { start, cpu, idle, busy } = startEntries(m, "existing data dir", "");
    const entries = [
      {
        metric: "server first start to healthy, new data dir",
        value: round(firstStartMs),
        unit: "ms",
        target: "report",
      },
      start,
      {
        metric: `server start to healthy, existing data dir (max of ${STARTS})`,
        value: round(Math.max(...m.startMs)),
        unit: "ms",
        target: "<= 3000 ms",
      },
      cpu,
      idle,
      busy,
      {
        metric: "server peak RSS, VmHWM (max)",
        value: round(Math.max(...m.peakMiB), 1),
        unit: "MiB",
        target: "report",
      },
    ];
    const npmStart = await measureNpmStart(dataDir, env);
    entries.push({
      metric: "`npm start` to first 200, unchanged checkout, existing data dir (median of 3)",
      value: round(median(npmStart)),
      unit: "ms",
      target: "<= 3000 ms",
    });
    return [...entries, ...(await measurePostgres(env))];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm start` itself, as a user runs it: the build check (nothing changed, so no build), then
 * the server on the existing data directory; timed from spawn to the first 200 on /api/health.
 * The first run may build (the checkout may have changed); the next three are measured.
 * @param {string} dataDir @param {Record<string, string>} env
 */
async function measureNpmStart(dataDir, env) {
  /** @type {number[]} */
  const times = [];
  for (let run = 0; run < 4; run++) {
    const port = await freePort();
    const started = performance.now();
    const child = spawn("npm", ["start", "--silent"], {
      cwd: repoRoot,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        ...env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: `http://localhost:${port}`,
        EXAMPLES_ROOT: path.join(repoRoot, "examples"),
      },
    });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    const exited = new Promise((resolve) => child.once("close", resolve));
    try {
      for (;;) {
        if (performance.now() - started > 120_000) throw new Error(`npm start: no 200\n${output}`);
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          await res.arrayBuffer();
          if (res.status === 200) break;
        } catch {
          // not listening yet
        }
        await sleep(20);
      }
      const ms = performance.now() - started;
      if (run > 0) times.push(ms);
      console.log(
        `startup: npm start run ${run + 1}/4: ${Math.round(ms)} ms to first 200${run === 0 ? " (not counted: may build)" : ""}`,
      );
    } finally {
      // The whole process group we started: npm, its shell and the server.
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      await exited;
      await sleep(500);
    }
  }
  return times;
}

/**
 * Starts the server `n` times and samples its memory: 2 s idle after start, then after traffic.
 * @param {number} n
 * @param {Parameters<typeof startServer>[0]} options
 * @param {string} label
 */
async function measureStarts(n, options, label) {
  /** @type {number[]} */ const startMs = [];
  /** @type {number[]} */ const startCpuMs = [];
  /** @type {number[]} */ const idleMiB = [];
  /** @type {number[]} */ const busyMiB = [];
  /** @type {number[]} */ const peakMiB = [];
  let requests = 0;
  for (let i = 0; i < n; i++) {
    const server = await startServer(options);
    const cpu = procCpuMs(server.pid);
    let idle;
    let busy;
    try {
      await sleep(2000);
      idle = procMemMiB(server.pid);
      requests = await exercise(server);
      await sleep(1000);
      busy = procMemMiB(server.pid);
      peakMiB.push(procMemMiB(server.pid, "VmHWM"));
    } finally {
      await server.stop();
    }
    startMs.push(server.startMs);
    startCpuMs.push(cpu);
    idleMiB.push(idle);
    busyMiB.push(busy);
    console.log(
      `startup: ${label} run ${i + 1}/${n}: ${Math.round(server.startMs)} ms to healthy ` +
        `(${Math.round(cpu)} ms CPU), ` +
        `RSS ${round(idle)} MiB idle, ${round(busy)} MiB after requests`,
    );
  }

  return { startMs, startCpuMs, idleMiB, busyMiB, peakMiB, requests };
}

/**
 * The same measurement on PostgreSQL, in a throw-away database created next to
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL); skipped when neither is set.
 * @param {Record<string, string>} env
 */
async function measurePostgres(env) {
  return withBenchDatabase("startup", async (url) => {
    const options = { env: { ...env, DATABASE_URL: url } };
    const first = await startServer(options);
    await first.stop();
    const m = await measureStarts(3, options, "PostgreSQL");
    const { start, cpu, idle, busy } = startEntries(m, "PostgreSQL", ", PostgreSQL");
    return [start, cpu, idle, busy];
  });
}

/**
 * The medians of measureStarts' figures as entries, for either database: `where` names it in
 * the start-up metrics, `rssWhere` in the memory ones.
 * @param {Awaited<ReturnType<typeof measureStarts>>} m @param {string} where @param {string} rssWhere
 */
function startEntries(m, where, rssWhere) {
  return {
    start: {
      metric: `server start to healthy, ${where} (median of ${m.startMs.length})`,
      value: round(median(m.startMs)),
      unit: "ms",
      target: "<= 3000 ms",
    },
    cpu: {
      metric: `server CPU time to healthy, ${where} (median; load-independent)`,
      value: round(median(m.startCpuMs)),
      unit: "ms",
      target: "report",
    },
    idle: {
      metric: `server RSS idle after start${rssWhere} (median)`,
      value: round(median(m.idleMiB), 1),
      unit: "MiB",
      target: "report",
    },
    busy: {
      metric: `server RSS after ${m.requests} requests${rssWhere} (median)`,
      value: round(median(m.busyMiB), 1),
      unit: "MiB",
      target: "report",
    },
  };
}
