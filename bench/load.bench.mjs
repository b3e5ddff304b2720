// Load test of the BUILT server, bounded and on loopback only: 50 editors (created through the
// admin API) work at once for BENCH_LOAD_SECONDS (default 60 s). Each signs in once, then loops:
// list the library, search the examples, generate with the built-in writer (no provider key)
// and run the quality check on the draft. Reported: p95 per step, the number of 5xx answers
// (target 0) and of other failures, and whether every successful generate answer left exactly
// one stored content item (items created during the run == successful answers, ids unique).
// Each user comes from its own address through a trusted loopback proxy hop (TRUST_PROXY), as
// 50 people would; one address for all would hit the per-address sign-in limit.
// PGlite always; PostgreSQL as well when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
import { startServer } from "../e2e/lib/server.mjs";
import { withBenchDatabase } from "./lib/postgres.mjs";
import { ensureBuild } from "./lib/build.mjs";
import { GENERATION_BRIEF } from "./lib/generation-request.mjs";
import { jsonClient, percentile, round, signInCookie, sleep } from "./lib/measure.mjs";
import { sessionCookie } from "../packages/server/test/support/http-session.ts";

const USERS = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const ADMIN = { email: "bench-load-admin@example.com", password: "Load-Test-Admin-2026" };
const USER_PASSWORD = "Load-Test-Editor-2026";
const SEARCH_WORDS = ["cost", "design", "aerospace", "supplier", "quality", "engineering"];

const GENERATE = { ...GENERATION_BRIEF, performQualityCheck: false };

/**
 * @typedef {{ ms: number[], ok: number, status5xx: number, failed: number, samples: string[] }} Step
 * @typedef {Record<string, Step>} Steps
 */

/** @returns {Steps} */
function newSteps() {
  /** @type {Steps} */
  const steps = {};
  for (const name of ["sign_in", "list", "search", "generate", "quality_check"]) {
    steps[name] = { ms: [], ok: 0, status5xx: 0, failed: 0, samples: [] };
  }
  return steps;
}

/**
 * One timed request; records the outcome under `step` and returns the JSON body on 2xx.
 * @param {Step} step @param {string} url @param {RequestInit} init
 */
async function timed(step, url, init) {
  const started = performance.now();
  let status = 0;
  let text;
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
    status = res.status;
    text = await res.text();
  } catch (error) {
    text = error instanceof Error ? error.message : String(error);
  }
  const ms = performance.now() - started;
  if (status >= 200 && status < 300) {
    step.ok += 1;
    step.ms.push(ms);
    return { body: JSON.parse(text), headers: null };
  }
  if (status >= 500) step.status5xx += 1;
  else step.failed += 1;
  if (step.samples.length < 3) step.samples.push(`${status}: ${text.slice(0, 200)}`);
  return null;
}

/**
 * One user's session: sign in once, then loop until `deadline`.
 * @param {string} base @param {number} index @param {number} deadline @param {Steps} steps
 * @param {string[]} generatedIds
 */
async function user(base, index, deadline, steps, generatedIds) {
  // Its own client address, through the trusted loopback proxy hop.
  const forwarded = { "x-forwarded-for": `10.99.${Math.floor(index / 200)}.${(index % 200) + 1}` };
  const signInStarted = performance.now();
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...forwarded },
    body: JSON.stringify({ email: `load-${index}@example.com`, password: USER_PASSWORD }),
  }).catch((error) => error);
  const step = /** @type {Step} */ (steps.sign_in);
  if (!(signIn instanceof Response) || signIn.status !== 200) {
    const status = signIn instanceof Response ? signIn.status : 0;
    if (status >= 500) step.status5xx += 1;
    else step.failed += 1;
    return;
  }
  await signIn.arrayBuffer();
  step.ok += 1;
  step.ms.push(performance.now() - signInStarted);
  const cookie = sessionCookie(signIn);
  const headers = { cookie, origin: base, ...forwarded };
  const post = { ...headers, "content-type": "application/json" };
  let round = 0;
  while (Date.now() < deadline) {
    round += 1;
    await timed(/** @type {Step} */ (steps.list), `${base}/api/library`, { headers });
    const word = SEARCH_WORDS[(index + round) % SEARCH_WORDS.length];
    await timed(/** @type {Step} */ (steps.search), `${base}/api/examples?q=${word}`, {
      headers,
    });
    if (Date.now() >= deadline) break;
    const generated = await timed(
      /** @type {Step} */ (steps.generate),
      `${base}/api/generate-content`,
      {
        method: "POST",
        headers: post,
        body: JSON.stringify({
          ...GENERATE,
          contentTopic: `${GENERATE.contentTopic} #${index}.${round}`,
        }),
      },
    );
    if (!generated) continue;
    const data = generated.body.data;
    generatedIds.push(data.contentItemId);
    await timed(/** @type {Step} */ (steps.quality_check), `${base}/api/quality-check`, {
      method: "POST",
      headers: post,
      body: JSON.stringify({
        ...data.content,
        personaId: GENERATE.personaId,
        industryId: GENERATE.industryId,
        buyingStage: GENERATE.buyingStage,
        contentType: GENERATE.contentType,
        contentTopic: GENERATE.contentTopic,
      }),
    });
  }
}

/**
 * Content items in the library: the dashboard's Total Content, an exact count kept in the
 * transaction of every write (the list's own total is capped for speed).
 * @param {ReturnType<typeof jsonClient>} api
 */
async function storedItems(api) {
  const summary = /** @type {{ stats: { total: number } }} */ (
    await api("GET", "/api/dashboard/summary")
  );
  return Number(summary.stats.total);
}

/** @param {string} label @param {string} [databaseUrl] */
async function measure(label, databaseUrl) {
  const env = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "warn",
    TRUST_PROXY: "loopback",
    GENERATION_RATE_LIMIT: "100000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const server = await startServer({ env, timeoutMs: 120_000 });
  try {
    const base = server.apiUrl;
    const api = jsonClient(base, await signInCookie(base, ADMIN));
    for (;;) {
      const running = /** @type {unknown[]} */ (
        await api("GET", "/api/examples/ingest/jobs?running=true")
      );
      if (running.length === 0) break;
      await sleep(500);
    }
    for (let i = 0; i < USERS; i++) {
      await api("POST", "/api/users", {
        name: `Load User ${i}`,
        email: `load-${i}@example.com`,
        password: USER_PASSWORD,
        role: "editor",
      });
    }
    const before = await storedItems(api);
    const steps = newSteps();
    /** @type {string[]} */
    const generatedIds = [];
    const started = performance.now();
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: USERS }, (_, i) => user(base, i, deadline, steps, generatedIds)),
    );
    const seconds = (performance.now() - started) / 1000;
    const after = await storedItems(api);
    const stored = after - before;
    const unique = new Set(generatedIds).size;
    const mismatch = Math.abs(stored - generatedIds.length) + (generatedIds.length - unique);
    const status5xx = Object.values(steps).reduce((n, s) => n + s.status5xx, 0);
    const failed = Object.values(steps).reduce((n, s) => n + s.failed, 0);
    for (const [name, s] of Object.entries(steps)) {
      console.log(
        `load: ${label} ${name}: ${s.ok} ok, ${s.status5xx} 5xx, ${s.failed} other failures, ` +
          `p50 ${round(percentile(s.ms, 50))} ms, p95 ${round(percentile(s.ms, 95))} ms` +
          (s.samples.length > 0 ? `; e.g. ${s.samples.join(" | ")}` : ""),
      );
    }
    console.log(
      `load: ${label} ${USERS} users for ${seconds.toFixed(1)} s: ${generatedIds.length} generated, ` +
        `${stored} items stored, ${unique} distinct ids`,
    );
    return { steps, status5xx, failed, generated: generatedIds.length, stored, mismatch };
  } finally {
    await server.stop();
  }
}

/** @param {Awaited<ReturnType<typeof measure>>} r @param {string} suffix */
function entries(r, suffix) {
  return [
    ...Object.entries(r.steps).map(([name, s]) => ({
      metric: `load.${name}_p95${suffix}`,
      value: round(percentile(s.ms, 95)),
      unit: "ms",
      target: "report",
    })),
    { metric: `load.5xx${suffix}`, value: r.status5xx, unit: "answers", target: "<= 0" },
    { metric: `load.other_failures${suffix}`, value: r.failed, unit: "answers", target: "<= 0" },
    { metric: `load.generated${suffix}`, value: r.generated, unit: "items", target: "report" },
    {
      metric: `load.rows_lost_or_duplicated${suffix}`,
      value: r.mismatch,
      unit: "rows",
      target: "<= 0",
    },
  ];
}

export async function run() {
  ensureBuild("load");
  return [
    ...entries(await measure("PGlite"), ""),
    ...(await withBenchDatabase("load", async (url) =>
      entries(await measure("PostgreSQL", url), " (PostgreSQL)"),
    )),
  ];
}
