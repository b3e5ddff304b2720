// Content generation through the real HTTP API of the built server:
// (1) built-in writer: generate + quality check + store, end to end (p50/p95 of sequential calls);
// (2) our overhead on top of an OpenAI-wire provider fake that answers after exactly 2 s.
// The per-user generation limit is raised with GENERATION_RATE_LIMIT so it never answers 429
// during the runs (the default, 20 provider calls per 10 minutes, would stop run (1) early).
import { startServer } from "../e2e/lib/server.mjs";
import { answer, startFakeAiProvider } from "../packages/server/test/fakes/ai-provider-server.ts";
import { cpuSeconds, percentile, round, signInCookie, sleep } from "./lib/measure.mjs";
import { ensureBuild } from "./lib/build.mjs";
import { GENERATION_BRIEF } from "./lib/generation-request.mjs";

const ADMIN = { email: "bench@example.com", password: "Orbital-Tooling-2026" };
const BUILTIN_RUNS = 30;
const BUILTIN_WARMUP = 3;
const PROVIDER_RUNS = 5;
const PROVIDER_DELAY_MS = 2000;
const API_KEY = "test";

const REQUEST = {
  ...GENERATION_BRIEF,
  featuredSolutions: ["NCS Design"],
  performQualityCheck: true,
};

/**
 * CPU time the server process has used so far, in ms (user + system, from /proc): a measure of
 * our own cost that depends less than wall time on how busy the machine is.
 * @param {number} pid
 */
const cpuMs = (pid) => cpuSeconds(pid) * 1000;

/**
 * @param {string} apiUrl @param {string} cookie @param {string} method @param {string} p
 * @param {unknown} [body]
 */
async function call(apiUrl, cookie, method, p, body) {
  const res = await fetch(`${apiUrl}${p}`, {
    method,
    headers: { "content-type": "application/json", cookie, origin: apiUrl },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${p} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/** Waits for the first-start ingest of the shipped examples, so runs see a real example set. */
/** @param {string} apiUrl @param {string} cookie */
async function waitForIngest(apiUrl, cookie) {
  const started = Date.now();
  for (;;) {
    const running = await call(apiUrl, cookie, "GET", "/api/examples/ingest/jobs?running=true");
    if (running.data.length === 0) return;
    if (Date.now() - started > 60_000) throw new Error("example ingest did not finish in 60 s");
    await sleep(200);
  }
}

/** One timed POST /api/generate-content. @param {string} apiUrl @param {string} cookie */
async function timedGenerate(apiUrl, cookie) {
  const started = performance.now();
  const result = await call(apiUrl, cookie, "POST", "/api/generate-content", REQUEST);
  return { ms: performance.now() - started, result };
}

const DRAFT = {
  headline: "Should-cost reviews that catch aerospace cost overruns before design freeze",
  introduction:
    "Most aerospace programs discover cost problems after design freeze, when changes are slow and expensive. A should-cost review at each design gate moves that discovery earlier.",
  body:
    "<h2>Why cost surprises arrive late</h2><p>Engineers lock in most product cost during design, yet cost data usually arrives from procurement after release.</p>" +
    "<h2>How a should-cost review works</h2><ul><li>Set a target cost per part.</li><li>Model the process and material cost.</li><li>Review gaps at every gate.</li></ul>" +
    "<h2>What to evaluate in a tool</h2><p>Teams using design-stage costing report a 35-45% reduction in engineering change orders.</p>",
  conclusion:
    "Download the should-cost evaluation checklist to compare approaches for your next program review.",
  imagePrompt: "Engineers reviewing a cost breakdown of an aircraft bracket",
};

/**
 * How long at least one of these provider calls was running (the union of their intervals).
 * @param {{ receivedAt: number, finishedAt?: number, abortedAt?: number }[]} calls
 */
function providerBusyMs(calls) {
  const spans = calls
    .map((c) => [c.receivedAt, c.finishedAt ?? c.abortedAt ?? c.receivedAt])
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  let busy = 0;
  let end = -Infinity;
  for (const [from = 0, to = 0] of spans) {
    if (to <= end) continue;
    busy += to - Math.max(from, end);
    end = to;
  }
  return busy;
}

export async function run() {
  ensureBuild("generation");
  // The OpenAI-wire fake answers DRAFT to every call after exactly 2 s.
  const provider = await startFakeAiProvider({ apiKey: API_KEY });
  provider.setDefault(
    answer(DRAFT, {
      delayMs: PROVIDER_DELAY_MS,
      usage: { inputTokens: 1200, outputTokens: 600 },
    }),
  );
  const server = await startServer({
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      GENERATION_RATE_LIMIT: "100000",
      OPENAI_API_KEY: API_KEY,
      OPENAI_BASE_URL: provider.openaiBaseUrl,
    },
  });
  try {
    const cookie = await signInCookie(server.apiUrl, ADMIN);
    await waitForIngest(server.apiUrl, cookie);

    // (1) Built-in writer, sequential. With OPENAI_API_KEY set OpenAI would be the default.
    await call(server.apiUrl, cookie, "POST", "/api/change-ai-provider", {
      provider: "builtin",
      model: "content-studio-writer-1",
    });
    for (let i = 0; i < BUILTIN_WARMUP; i++) await timedGenerate(server.apiUrl, cookie);
    /** @type {number[]} */ const builtin = [];
    let exampleCount = 0;
    const builtinCpuStart = cpuMs(server.pid);
    for (let i = 0; i < BUILTIN_RUNS; i++) {
      const { ms, result } = await timedGenerate(server.apiUrl, cookie);
      if (result.data.metadata.provider !== "builtin") throw new Error("not the built-in writer");
      builtin.push(ms);
      exampleCount = result.data.metadata.exampleIds.length;
    }
    const builtinCpu = (cpuMs(server.pid) - builtinCpuStart) / BUILTIN_RUNS;
    console.log(
      `generation: built-in p50 ${round(percentile(builtin, 50), 1)} ms, p95 ${round(percentile(builtin, 95), 1)} ms ` +
        `(${BUILTIN_RUNS} runs, ${exampleCount} examples in each prompt)`,
    );

    // (2) OpenAI-wire fake answering after exactly 2 s.
    await call(server.apiUrl, cookie, "POST", "/api/change-ai-provider", {
      provider: "openai",
      model: "gpt-4o-mini",
    });
    await timedGenerate(server.apiUrl, cookie); // warm-up: provider client, connection
    /** @type {number[]} */ const overheadMs = [];
    /** @type {number[]} */ const callsPerRun = [];
    /** @type {number[]} */ const overheadShare = [];
    const providerCpuStart = cpuMs(server.pid);
    for (let i = 0; i < PROVIDER_RUNS; i++) {
      const before = provider.requests.length;
      const { ms, result } = await timedGenerate(server.apiUrl, cookie);
      if (result.data.metadata.provider !== "openai") throw new Error("provider switch failed");
      // A generation may call the provider more than once (the draft, then a revision when the
      // check finds what to fix): ours is the time no call was running.
      const calls = provider.requests.slice(before);
      callsPerRun.push(calls.length);
      const busy = providerBusyMs(calls);
      overheadMs.push(ms - busy);
      overheadShare.push(((ms - busy) / busy) * 100);
    }
    const providerCpu = (cpuMs(server.pid) - providerCpuStart) / PROVIDER_RUNS;
    const medianOverhead = percentile(overheadMs, 50);
    console.log(
      `generation: provider overhead per run (ms): ${overheadMs.map((v) => round(v, 1)).join(", ")}; ` +
        `provider calls per run: ${callsPerRun.join(", ")}`,
    );

    return [
      {
        metric: `built-in generate+check+store, HTTP end to end, p50 (${BUILTIN_RUNS} sequential)`,
        value: round(percentile(builtin, 50), 1),
        unit: "ms",
        target: "<= 100 ms",
      },
      {
        metric: `built-in generate+check+store, HTTP end to end, p95 (${BUILTIN_RUNS} sequential)`,
        value: round(percentile(builtin, 95), 1),
        unit: "ms",
        target: "report",
      },
      {
        metric:
          "built-in generation: server CPU time per request (less load-sensitive than wall time)",
        value: round(builtinCpu, 1),
        unit: "ms",
        target: "report",
      },
      {
        metric: `overhead on a 2 s provider, median of ${PROVIDER_RUNS} (total - time a call was running)`,
        value: round(medianOverhead, 1),
        unit: "ms",
        target: "report",
      },
      {
        metric: `overhead on a 2 s provider, median of ${PROVIDER_RUNS}, share of the provider's time`,
        value: round(percentile(overheadShare, 50), 2),
        unit: "%",
        target: "<= 2 %",
      },
      {
        metric: `provider calls per generation, median of ${PROVIDER_RUNS}`,
        value: percentile(callsPerRun, 50),
        unit: "calls",
        target: "report",
      },
      {
        metric: "provider generation: server CPU time per request, share of 2 s",
        value: round((providerCpu / PROVIDER_DELAY_MS) * 100, 2),
        unit: "%",
        target: "report",
      },
    ];
  } finally {
    await server.stop();
    await provider.close();
  }
}
