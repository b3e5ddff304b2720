// Campaign kits on the job engine (pg-boss, decision 0040), through the real HTTP API of the
// built server: a 216-step kit (4 personas x 3 industries x 3 stages x 6 assets, English) with
// (1) an OpenAI-wire fake answering every call after exactly 2 s, KIT_CONCURRENCY=8, on PGlite
//     and on PostgreSQL: wall time against the ideal 216 x 2 s / 8 = 54 s, the most calls the
//     fake saw at once, and (PGlite) GET /api/health latency polled every ~100 ms meanwhile;
// (2) the built-in outline writer (no provider), PGlite.
// PostgreSQL runs in a throw-away database next to BENCH_DATABASE_URL or TEST_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test); it is skipped when that server is down.
// Wall times depend on how busy the machine is: read them with the load average run.mjs prints.
import { monitorEventLoopDelay } from "node:perf_hooks";
import {
  answer,
  maxInFlight,
  startFakeAiProvider,
} from "../packages/server/test/fakes/ai-provider-server.ts";
import { ensureBuild } from "./lib/build.mjs";
import { percentile, round, sleep, startSignedIn } from "./lib/measure.mjs";
import { benchDatabaseUrl, postgresAnswers, withScratchDatabase } from "./lib/postgres.mjs";
import { BRIEF_BASICS } from "../packages/server/test/support/brief-basics.ts";

const ADMIN = { email: "bench@example.com", password: "Orbital-Tooling-2026" };
const PROVIDER_DELAY_MS = 2000;
const API_KEY = "sk-bench";
const CAP = 8;
const PERSONAS = ["vp-engineering", "director-engineering", "cto", "product-manager"];
const INDUSTRIES = ["aerospace", "automotive", "industrial"];
const STAGES = ["awareness", "consideration", "decision"];
const ASSETS = ["article", "linkedin", "x", "email-subjects", "newsletter", "image-prompt"];
const STEPS = PERSONAS.length * INDUSTRIES.length * STAGES.length * ASSETS.length; // 216
const IDEAL_S = (STEPS * PROVIDER_DELAY_MS) / 1000 / CAP; // 54 s
// A cell is one job writing its 6 steps in turn (12 s), so 36 cells on 8 slots cannot finish
// before ceil(36 / 8) x 12 s = 60 s: the 1.3 x 54 s leaves about 10 s of overhead.
const CELLS = PERSONAS.length * INDUSTRIES.length * STAGES.length;
const CELL_FLOOR_S = Math.ceil(CELLS / CAP) * ((ASSETS.length * PROVIDER_DELAY_MS) / 1000); // 60 s
const KIT_TIMEOUT_MS = 180_000;

const DRAFT = {
  headline: "Cost visibility before design release",
  introduction: "Engineering leaders see product cost while the design can still change.",
  body: "<h2>Why it matters</h2><p>Late engineering changes are the most expensive ones.</p><h2>How</h2><p>Estimate cost from the CAD model at every design review.</p>",
  conclusion: "Start with one product line and compare estimates with supplier quotes.",
  imagePrompt: "An engineer reviewing a cost breakdown next to a CAD model",
};

/**
 * What the fake writes for a call: the prompt says which asset it is (as in kit.faults.test.ts).
 * @param {string} prompt
 */
function answerFor(prompt) {
  if (/exactly 3 email subject lines/.test(prompt)) {
    return { subjects: ["Cost before release", "Quotes you can check", "A pilot plan"] };
  }
  if (
    /Write (a LinkedIn post|an X post|a newsletter blurb|one prompt for an image model)/.test(
      prompt,
    )
  ) {
    return { text: "Should-cost estimates during design cut late changes." };
  }
  return DRAFT;
}

/**
 * @param {string} base @param {string} cookie @param {string} method @param {string} p
 * @param {unknown} [body]
 */
async function call(base, cookie, method, p, body) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      cookie,
      origin: base,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((/** @type {unknown} */ error) => {
    const cause = error instanceof Error && error.cause ? `: ${String(error.cause)}` : "";
    throw new Error(`${method} ${p} failed${cause}`, { cause: error });
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${p} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/**
 * Polls GET /api/health about every `everyMs` (one request at a time) until stopped; the
 * latencies in ms.
 * @param {string} base @param {number} everyMs
 */
function pollHealth(base, everyMs) {
  /** @type {number[]} */
  const latencies = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (res.status !== 200) failures += 1;
      } catch {
        failures += 1;
      }
      const ms = performance.now() - started;
      latencies.push(ms);
      await sleep(Math.max(0, everyMs - ms));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { latencies, failures };
    },
  };
}

/**
 * Creates the 216-step brief, starts its kit and waits for it to finish. The kit's wall time is
 * the server's own (created to finished); the bench polls it once a second.
 * @param {string} base @param {string} cookie @param {string} label
 * @param {number} callMs how long each provider call takes (0: the outline writer)
 */
async function runKit(base, cookie, label, callMs) {
  const cells = PERSONAS.flatMap((personaId) =>
    INDUSTRIES.flatMap((industryId) =>
      STAGES.map((buyingStage) => ({ personaId, industryId, buyingStage })),
    ),
  );
  const brief = await call(base, cookie, "POST", "/api/campaigns", {
    name: `Kit bench ${label} ${Date.now()}`,
    ...BRIEF_BASICS,
    cells,
    assets: ASSETS,
  });
  const started = performance.now();
  const kit = (await call(base, cookie, "POST", `/api/campaigns/${brief.data.id}/kits`)).data;
  if (kit.steps.length !== STEPS) throw new Error(`kit has ${kit.steps.length} steps`);
  for (;;) {
    await sleep(1000);
    const now = (
      await call(base, cookie, "GET", `/api/kits/${kit.id}`).catch(async (error) => {
        // One retry: a reused keep-alive connection can be reset under load.
        console.log(`kits: ${label}: ${error instanceof Error ? error.message : error}, retrying`);
        await sleep(500);
        return call(base, cookie, "GET", `/api/kits/${kit.id}`);
      })
    ).data;
    if (now.status !== "running") {
      const observedS = (performance.now() - started) / 1000;
      const c = now.counts;
      if (now.status !== "done" || c.done !== STEPS) {
        throw new Error(`${label}: kit ended ${now.status} with ${JSON.stringify(c)}`);
      }
      const serverS =
        (new Date(now.finishedAt).getTime() - new Date(now.createdAt).getTime()) / 1000;
      const lastStep = Math.max(
        ...now.steps.map((/** @type {{ finishedAt: string }} */ s) =>
          new Date(s.finishedAt).getTime(),
        ),
      );
      const stepsS = (lastStep - new Date(now.createdAt).getTime()) / 1000;
      const firstStart = Math.min(
        ...now.steps.map((/** @type {{ startedAt: string }} */ s) =>
          new Date(s.startedAt).getTime(),
        ),
      );
      const startS = (firstStart - new Date(now.createdAt).getTime()) / 1000;
      // Each cell writes its 6 steps one after another: its span (first start to last finish)
      // minus 6 calls is what the server adds per cell.
      /** @type {Map<string, { start: number, end: number }>} */
      const spans = new Map();
      for (const s of /** @type {{ cellKey: string, startedAt: string, finishedAt: string }[]} */ (
        now.steps
      )) {
        const span = spans.get(s.cellKey) ?? { start: Infinity, end: 0 };
        span.start = Math.min(span.start, new Date(s.startedAt).getTime());
        span.end = Math.max(span.end, new Date(s.finishedAt).getTime());
        spans.set(s.cellKey, span);
      }
      const cellOverheads = [...spans.values()].map(
        (sp) => (sp.end - sp.start - ASSETS.length * callMs) / 1000,
      );
      console.log(
        `kits: ${label}: kit done in ${round(serverS, 1)} s (server clock; last step stored at ` +
          `${round(stepsS, 1)} s, first step started at ${round(startS, 2)} s, observed ` +
          `${round(observedS, 1)} s); a cell's span over its ` +
          `${ASSETS.length} calls: median ${round(percentile(cellOverheads, 50), 2)} s, ` +
          `max ${round(Math.max(...cellOverheads), 2)} s`,
      );
      return { seconds: serverS, startSeconds: startS, tailSeconds: serverS - stepsS };
    }
    if (performance.now() - started > KIT_TIMEOUT_MS) {
      throw new Error(
        `${label}: kit not done after ${KIT_TIMEOUT_MS} ms: ${JSON.stringify(now.counts)}`,
      );
    }
  }
}

/** @param {string} base @param {string} cookie @param {"openai" | "builtin"} provider */
async function chooseProvider(base, cookie, provider) {
  await call(base, cookie, "POST", "/api/change-ai-provider", {
    provider,
    model: provider === "openai" ? "gpt-4o-mini" : "content-studio-writer-1",
  });
}

export async function run() {
  ensureBuild("kits");
  // The OpenAI-wire fake answers every call after exactly 2 s; the bench counts a kit's calls
  // from the requests it recorded since the kit's provider was chosen.
  const provider = await startFakeAiProvider({ apiKey: API_KEY });
  provider.setDefault((request) =>
    answer(answerFor(request.promptText), {
      delayMs: PROVIDER_DELAY_MS,
      usage: { inputTokens: 1200, outputTokens: 300 },
    }),
  );
  const env = {
    GENERATION_RATE_LIMIT: "100000",
    KIT_CONCURRENCY: String(CAP),
    OPENAI_API_KEY: API_KEY,
    OPENAI_BASE_URL: provider.openaiBaseUrl,
  };
  /** @type {{ metric: string, value: number, unit: string, target: string }[]} */
  const results = [];
  /**
   * @param {string} store @param {{ seconds: number, startSeconds: number, tailSeconds: number }} kit
   * @param {import("../packages/server/test/fakes/ai-provider-server.ts").RecordedRequest[]} calls
   *   the provider calls the fake recorded for the kit
   */
  const providerEntries = (store, kit, calls) => [
    {
      metric: `216-step kit, provider at 2 s per call, cap ${CAP}, ${store}: wall time (ideal ${IDEAL_S} s)`,
      value: round(kit.seconds, 1),
      unit: "s",
      target: `<= ${round(IDEAL_S * 1.3, 1)}`,
    },
    {
      metric: `216-step kit, provider, ${store}: wall time / ideal`,
      value: round(kit.seconds / IDEAL_S, 3),
      unit: "x",
      target: "<= 1.3",
    },
    {
      metric: `216-step kit, provider, ${store}: wall time over the cell-granularity floor of ${CELL_FLOOR_S} s`,
      value: round(kit.seconds - CELL_FLOOR_S, 1),
      unit: "s",
      target: "report",
    },
    {
      metric: `216-step kit, provider, ${store}: kit start to first step started`,
      value: round(kit.startSeconds, 2),
      unit: "s",
      target: "report",
    },
    {
      metric: `216-step kit, provider, ${store}: last step stored to kit done (cell checks)`,
      value: round(kit.tailSeconds, 2),
      unit: "s",
      target: "report",
    },
    {
      metric: `216-step kit, provider, ${store}: most calls in flight at the fake`,
      value: maxInFlight(calls),
      unit: "calls",
      target: `<= ${CAP}`,
    },
  ];
  try {
    // PGlite: the outline writer first, then the provider with health polled meanwhile.
    const { server, cookie } = await startSignedIn(ADMIN, env);
    try {
      await chooseProvider(server.apiUrl, cookie, "builtin");
      const builtin = await runKit(server.apiUrl, cookie, "outline writer, PGlite", 0);
      results.push({
        metric: "216-step kit, built-in outline writer, PGlite: wall time",
        value: round(builtin.seconds, 1),
        unit: "s",
        target: "< 30",
      });

      await chooseProvider(server.apiUrl, cookie, "openai");
      const callsFrom = provider.requests.length;
      // The same polling on the idle server, for comparison (the machine's own noise).
      const idle = pollHealth(server.apiUrl, 100);
      await sleep(10_000);
      const idleHealth = await idle.stop();
      results.push({
        metric: `GET /api/health p99 on the idle server, same polling (${idleHealth.latencies.length} polls; machine noise)`,
        value: round(percentile(idleHealth.latencies, 99), 1),
        unit: "ms",
        target: "report",
      });
      console.log(
        `kits: health on the idle server: ${idleHealth.latencies.length} polls, p50 ` +
          `${round(percentile(idleHealth.latencies, 50), 1)} ms, p99 ` +
          `${round(percentile(idleHealth.latencies, 99), 1)} ms`,
      );
      // This process's own event-loop delay while it polls: high values mean the machine,
      // not the server, is slow to run the poller.
      const lag = monitorEventLoopDelay({ resolution: 10 });
      lag.enable();
      const health = pollHealth(server.apiUrl, 100);
      const kit = await runKit(server.apiUrl, cookie, "provider, PGlite", PROVIDER_DELAY_MS);
      const { latencies, failures } = await health.stop();
      lag.disable();
      const calls = provider.requests.slice(callsFrom);
      if (calls.length !== STEPS) {
        console.log(`kits: PGlite: the fake answered ${calls.length} calls for ${STEPS} steps`);
      }
      console.log(
        `kits: health during the PGlite provider kit: ${latencies.length} polls, p50 ` +
          `${round(percentile(latencies, 50), 1)} ms, p99 ${round(percentile(latencies, 99), 1)} ms, ` +
          `max ${round(Math.max(...latencies), 1)} ms, ${failures} failed; the bench's own ` +
          `event-loop delay p99 ${round(lag.percentile(99) / 1e6, 1)} ms, max ${round(lag.max / 1e6, 1)} ms`,
      );
      results.push(...providerEntries("PGlite", kit, calls), {
        metric: `GET /api/health p99 during the PGlite provider kit (${latencies.length} polls, ~100 ms apart)`,
        value: round(percentile(latencies, 99), 1),
        unit: "ms",
        target: "< 250",
      });
      if (failures > 0) {
        results.push({
          metric: "GET /api/health failures during the PGlite provider kit",
          value: failures,
          unit: "requests",
          target: "<= 0",
        });
      }
    } finally {
      await server.stop();
    }

    // PostgreSQL, in a database of its own.
    const adminUrl = benchDatabaseUrl("postgres://postgres@127.0.0.1:5432/test");
    if (!(await postgresAnswers(adminUrl))) {
      console.log(`kits: PostgreSQL skipped (${new URL(adminUrl).host} unreachable)`);
      return results;
    }
    await withScratchDatabase(adminUrl, async (url) => {
      const { server: pgServer, cookie: pgCookie } = await startSignedIn(ADMIN, {
        ...env,
        DATABASE_URL: url,
      });
      try {
        await chooseProvider(pgServer.apiUrl, pgCookie, "openai");
        const callsFrom = provider.requests.length;
        const kit = await runKit(
          pgServer.apiUrl,
          pgCookie,
          "provider, PostgreSQL",
          PROVIDER_DELAY_MS,
        );
        results.push(...providerEntries("PostgreSQL", kit, provider.requests.slice(callsFrom)));
      } finally {
        await pgServer.stop();
      }
    });
    return results;
  } finally {
    await provider.close();
  }
}
