// Intent data at scale, on the BUILT server (PGlite): importing a generated 100,000-row Bombora
// Company Surge file (upload + preview, then commit) and the Target Audience screen's data call
// (GET /api/audience/overview) against the 20,000 accounts it leaves in the store.
// Memory growth is the server process's peak RSS during the import over its RSS just before.
import fs from "node:fs";
import os from "node:os";
import { makeDataDir, startServer } from "../e2e/lib/server.mjs";
import { cpuSeconds, percentile, signInCookie } from "./lib/measure.mjs";
import { ensureBuild } from "./lib/build.mjs";

const ROWS = 100_000;
const TOPICS_PER_ACCOUNT = 5;
const OVERVIEW_CALLS = 200;
const ADMIN = { email: "bench-audience@example.com", password: "Surge-Scale-2026-Bench" };
const INDUSTRIES = ["Aerospace", "Automotive", "High-Tech", "Industrial", "Aerospace & Defense"];
const TOPICS = [
  "Should Cost Analysis",
  "Design to Cost",
  "Engineering Change Orders",
  "DFM Analysis",
  "Digital Thread",
  "PLM Integration",
  "Supplier Cost Negotiation",
  "Product Pricing",
  "Simulation Software",
  "Composite Manufacturing Cost",
  "Battery Cost",
  "Time to Market",
  "Machining Cost Estimation",
  "Product Roadmap",
  "Digital Twin",
  "Procurement Cost Savings",
];

/** One row per account and topic, like Bombora's export (deterministic). */
function bomboraCsv() {
  const lines = ["Company Name,Domain,Size,Industry,Category,Topic,Composite Score"];
  const accounts = ROWS / TOPICS_PER_ACCOUNT;
  for (let a = 0; a < accounts; a++) {
    const industry = INDUSTRIES[a % INDUSTRIES.length];
    for (let t = 0; t < TOPICS_PER_ACCOUNT; t++) {
      const topic = TOPICS[(a * 7 + t * 3) % TOPICS.length];
      const score = 35 + ((a * 31 + t * 17) % 65);
      lines.push(
        `Account ${a} Manufacturing,account-${a}.example,1000-4999,"${industry}",Manufacturing,${topic},${score}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

/** @param {number} pid */
function rssBytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

export async function run() {
  ensureBuild("audience");
  const csv = bomboraCsv();
  console.log(`audience: generated ${ROWS} rows (${(csv.length / 2 ** 20).toFixed(1)} MiB)`);
  const dataDir = makeDataDir("content-studio-bench-audience-");
  const server = await startServer({
    dataDir,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "warn" },
    timeoutMs: 120_000,
  });
  try {
    const base = server.apiUrl;
    const cookie = await signInCookie(base, ADMIN);
    const headers = { cookie, origin: base };

    const rssBefore = rssBytes(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssBytes(server.pid));
    }, 25);
    const cpuBefore = cpuSeconds(server.pid);
    const started = performance.now();
    const form = new FormData();
    form.append("file", new Blob([csv], { type: "text/csv" }), "bombora-100k.csv");
    const previewRes = await fetch(`${base}/api/audience/imports/preview`, {
      method: "POST",
      headers,
      body: form,
    });
    const preview = /** @type {{ data: { importId: string, counts: { accounts: number } } }} */ (
      await previewRes.json()
    );
    if (previewRes.status !== 200 || !preview.data.importId)
      throw new Error(`preview: ${previewRes.status} ${JSON.stringify(preview).slice(0, 500)}`);
    const previewed = performance.now();
    const commitRes = await fetch(`${base}/api/audience/imports/${preview.data.importId}/commit`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ mode: "replace" }),
    });
    const committed = /** @type {{ data: { storedAccounts: number } }} */ (await commitRes.json());
    const finished = performance.now();
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, rssBytes(server.pid));
    const expected = ROWS / TOPICS_PER_ACCOUNT;
    if (commitRes.status !== 200 || committed.data.storedAccounts !== expected)
      throw new Error(`commit: ${commitRes.status} ${JSON.stringify(committed).slice(0, 500)}`);
    const importSeconds = (finished - started) / 1000;
    const importCpu = cpuSeconds(server.pid) - cpuBefore;
    const growthMiB = (rssPeak - rssBefore) / 2 ** 20;
    console.log(
      `audience: import ${importSeconds.toFixed(2)} s (preview ${((previewed - started) / 1000).toFixed(2)} s, ` +
        `commit ${((finished - previewed) / 1000).toFixed(2)} s; server CPU ${importCpu.toFixed(2)} s), ` +
        `RSS +${growthMiB.toFixed(0)} MiB (load average ${os.loadavg()[0]?.toFixed(1)})`,
    );

    const filters = ["all", "aerospace", "automotive", "high-tech", "industrial"];
    /** @type {number[]} */
    const times = [];
    for (let i = 0; i < OVERVIEW_CALLS + 10; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/audience/overview?industry=${filters[i % 5]}`, {
        headers,
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`overview answered ${res.status}`);
      if (i >= 10) times.push(performance.now() - t0); // the first calls warm up
    }
    const p95 = percentile(times, 95);
    console.log(
      `audience: overview p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
        `(load average ${os.loadavg()[0]?.toFixed(1)})`,
    );
    const round = (/** @type {number} */ n) => Number(n.toFixed(2));
    return [
      {
        metric: "audience.import_100k_rows",
        value: round(importSeconds),
        unit: "s",
        target: "<= 10 s",
      },
      {
        metric: "audience.import_100k_rows_server_cpu",
        value: round(importCpu),
        unit: "s",
        target: "informational",
      },
      {
        metric: "audience.import_memory_growth",
        value: Math.round(growthMiB),
        unit: "MiB",
        target: "< 100 MiB",
      },
      {
        metric: "audience.overview_p95_20k_accounts",
        value: round(p95),
        unit: "ms",
        target: "<= 100 ms",
      },
    ];
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
