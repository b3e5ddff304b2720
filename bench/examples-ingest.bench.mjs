// Example repository ingest: 10,000 markdown files from the server folder, on the BUILT server.
// The first start ingests EXAMPLES_ROOT by itself (measured from the job's own timestamps);
// then explicit re-ingests of the unchanged folder are measured the same way.
// PostgreSQL is measured too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeDataDir, repoRoot, startServer } from "../e2e/lib/server.mjs";
import { withBenchDatabase } from "./lib/postgres.mjs";
import { cpuSeconds, jsonClient, signInCookie, sleep } from "./lib/measure.mjs";
import { ensureBuild } from "./lib/build.mjs";

const FILES = 10_000;
const REINGEST_RUNS = 3;
const ADMIN = { email: "bench-ingest@example.com", password: "Orbital-Tooling-2026" };

/**
 * Realistic files: each is one of the 28 sample files (all personas, industries, content types
 * and both categories) under its own good/ or bad/ folder, with its own title and a unique
 * paragraph of sample sentences, so sizes and vocabulary (what the search index costs) match
 * real examples.
 * @param {string} root @param {number} count
 */
export function generateExampleFiles(root, count) {
  const samplesRoot = path.join(repoRoot, "examples");
  const samples = ["good", "bad"].flatMap((category) =>
    fs
      .readdirSync(path.join(samplesRoot, category))
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => ({
        category,
        text: fs.readFileSync(path.join(samplesRoot, category, name), "utf8"),
      })),
  );
  const sentences = samples
    .flatMap((s) => s.text.split(/(?<=[.!?])\s+/))
    .filter((s) => s.length > 40 && !s.includes("\n") && !s.startsWith("#"));
  for (let i = 0; i < count; i++) {
    const sample = samples[i % samples.length];
    if (!sample) throw new Error("no sample files in examples/");
    const extra = [0, 1, 2, 3].map((k) => sentences[(i * 7 + k * 13) % sentences.length]).join(" ");
    const text = sample.text
      .replace(
        /^title: "(.*)"$/m,
        (_, title) => `title: ${JSON.stringify(`${title} (variant ${i})`)}`,
      )
      .replace("## Body\n\n", `## Body\n\nVariant ${i}. ${extra}\n\n`);
    const dir = path.join(root, sample.category, `set-${Math.floor(i / 1000)}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `example-${String(i).padStart(5, "0")}.md`), text);
  }
}

/**
 * @typedef {{ id: string, status: string, sourceKey: string, total: number, added: number,
 *   updated: number, unchanged: number, errors: number, startedAt: string, finishedAt: string | null,
 *   message: string | null }} Job
 */

/** @param {Job} job */
const seconds = (job) =>
  (new Date(/** @type {string} */ (job.finishedAt)).getTime() - new Date(job.startedAt).getTime()) /
  1000;
/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * @param {ReturnType<typeof jsonClient>} api
 * @param {(job: Job) => boolean} match
 * @returns {Promise<Job>}
 */
async function waitFor(api, match, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = /** @type {Job[]} */ (await api("GET", "/api/examples/ingest/jobs"));
    const job = jobs.find(match);
    if (job && job.status !== "running" && job.status !== "queued") return job;
    if (Date.now() > deadline) throw new Error("ingest did not finish in time");
    await sleep(100);
  }
}

/**
 * One server (PGlite when no databaseUrl): the first-start ingest, then re-ingests.
 * @param {string} root @param {string} label @param {string} [databaseUrl]
 */
async function measure(root, label, databaseUrl) {
  const env = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    EXAMPLES_ROOT: root,
    LOG_LEVEL: "warn",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const dataDir = makeDataDir("content-studio-bench-ingest-");
  const server = await startServer({ dataDir, env, timeoutMs: 120_000 });
  try {
    // The first-start ingest begins as the server starts listening, i.e. about now.
    const cpuAtStart = cpuSeconds(server.pid);
    const api = jsonClient(server.apiUrl, await signInCookie(server.apiUrl, ADMIN));
    const first = await waitFor(api, (j) => j.sourceKey === "local:.");
    const firstCpu = cpuSeconds(server.pid) - cpuAtStart;
    if (first.status !== "succeeded" || first.added !== FILES || first.errors !== 0) {
      throw new Error(`first-start ingest: ${JSON.stringify(first)}`);
    }
    const firstSeconds = seconds(first);
    console.log(
      `examples-ingest: ${label} first ingest of ${FILES} files ${firstSeconds.toFixed(2)} s ` +
        `(server process CPU ${firstCpu.toFixed(2)} s; load average ${os.loadavg()[0]?.toFixed(1)})`,
    );

    /** @type {number[]} */
    const again = [];
    for (let run = 0; run < REINGEST_RUNS; run++) {
      const started = /** @type {Job} */ (
        await api("POST", "/api/examples/ingest", { source: "local", path: root })
      );
      const job = await waitFor(api, (j) => j.id === started.id);
      if (job.status !== "succeeded" || job.unchanged !== FILES) {
        throw new Error(`re-ingest: ${JSON.stringify(job)}`);
      }
      again.push(seconds(job));
      console.log(
        `examples-ingest: ${label} re-ingest ${run + 1}/${REINGEST_RUNS} ${seconds(job).toFixed(2)} s`,
      );
    }
    return { firstSeconds, firstCpu, reingestSeconds: median(again) };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  ensureBuild("examples-ingest");
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "content-studio-bench-examples-"));
  try {
    const t0 = performance.now();
    generateExampleFiles(root, FILES);
    console.log(
      `examples-ingest: generated ${FILES} files in ${Math.round(performance.now() - t0)} ms`,
    );
    const round = (/** @type {number} */ n) => Number(n.toFixed(2));
    const lite = await measure(root, "PGlite");
    const entries = [
      {
        metric: "examples.ingest_10k_files",
        value: round(lite.firstSeconds),
        unit: "s",
        target: "<= 15 s",
      },
      {
        metric: "examples.reingest_10k_unchanged",
        value: round(lite.reingestSeconds),
        unit: "s",
        target: "<= 4 s",
      },
      {
        // On PGlite everything runs in the server process: its CPU time is what the wall time
        // would be on an idle machine (the shared bench machines are often busy).
        metric: "examples.ingest_10k_files server CPU",
        value: round(lite.firstCpu),
        unit: "s",
        target: "report",
      },
    ];

    const pgEntries = await withBenchDatabase("examples-ingest", async (url) => {
      const pgRun = await measure(root, "PostgreSQL", url);
      return [
        {
          metric: "examples.ingest_10k_files (PostgreSQL)",
          value: round(pgRun.firstSeconds),
          unit: "s",
          target: "<= 15 s",
        },
        {
          metric: "examples.reingest_10k_unchanged (PostgreSQL)",
          value: round(pgRun.reingestSeconds),
          unit: "s",
          target: "<= 4 s",
        },
      ];
    });
    return [...entries, ...pgEntries];
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
