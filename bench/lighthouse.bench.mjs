// Lighthouse (mobile profile, simulated slow 4G and a 4x slower CPU: its defaults) on the
// sign-in page, the dashboard and the library of the built app served by the real server, in
// Debian's Chromium; and the gzipped JavaScript a first visit to sign-in and the dashboard
// loads, as the build's manifest says (the `npm test` budget) and as the browser requested it.
// The machine is shared and noisy: each page runs LIGHTHOUSE_RUNS times (default 3), the runs of
// the three pages interleaved, and the bench reports the median of each figure; every run is
// logged with the load average it ran under.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, findChromium } from "../e2e/lib/browser.mjs";
import { makeDataDir, repoRoot, startServer } from "../e2e/lib/server.mjs";
import { INITIAL_JS_BUDGET_KB, measureInitialJs } from "../scripts/bundle-budget.mjs";
import { ensureBuild } from "./lib/build.mjs";
import { signInCookie } from "./lib/measure.mjs";

const ADMIN = { email: "bench-lighthouse@example.com", password: "Lantern-Harbour-2026" };
const PAGES = [
  { name: "sign-in", path: "/login", signedIn: false },
  { name: "dashboard", path: "/", signedIn: true },
  { name: "library", path: "/library", signedIn: true },
];
const CATEGORIES = [
  { id: "performance", label: "performance", target: ">= 90" },
  { id: "accessibility", label: "accessibility", target: ">= 100" },
  { id: "best-practices", label: "best practices", target: ">= 95" },
];
/** Timings logged per run and reported (median) beside the scores, for information. */
const TIMINGS = [
  { id: "first-contentful-paint", label: "first contentful paint", unit: "ms" },
  { id: "largest-contentful-paint", label: "largest contentful paint", unit: "ms" },
  { id: "total-blocking-time", label: "total blocking time", unit: "ms" },
  { id: "cumulative-layout-shift", label: "cumulative layout shift", unit: "" },
];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
const webDist = path.join(repoRoot, "packages/web/dist");
/** Each page's full Lighthouse report (JSON), to read what cost the points. */
const reportDir = path.join(repoRoot, "test-results/lighthouse");

/**
 * Gzipped bytes of the scripts the browser requested from the app (read from the build, as
 * the server sends them uncompressed).
 * @param {import("lighthouse").Result} lhr
 */
function requestedScriptsGzip(lhr) {
  const details = /** @type {{ items?: { url: string, resourceType?: string }[] }} */ (
    lhr.audits["network-requests"]?.details ?? {}
  );
  const scripts = (details.items ?? []).filter((item) => item.resourceType === "Script");
  let bytes = 0;
  for (const { url } of scripts) {
    const file = path.join(webDist, new URL(url).pathname);
    if (!file.startsWith(webDist) || !fs.existsSync(file)) continue;
    bytes += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return { count: scripts.length, kb: Math.round(bytes / 100) / 10 };
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The audits that cost points in a category, for the log. @param {import("lighthouse").Result} lhr @param {string} id */
function failing(lhr, id) {
  const refs = lhr.categories[id]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit?.id} (${audit?.displayValue ?? audit?.score})`);
}

/**
 * One Lighthouse run of a page; throws when it fails or lands elsewhere (signed out).
 * @param {number} port @param {string} url @param {{ path: string, signedIn: boolean }} page
 * @param {string} cookie
 */
async function audit(port, url, page, cookie) {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES.map((c) => c.id),
      extraHeaders: page.signedIn ? { cookie } : {},
    },
    undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== page.path) throw new Error(`${page.path} ended on ${landed} (signed out?)`);
  return lhr;
}

export async function run() {
  ensureBuild("lighthouse");
  const budget = measureInitialJs();
  const server = await startServer({
    dataDir: makeDataDir("content-studio-bench-lighthouse-"),
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "warn" },
    timeoutMs: 120_000,
  });
  const userDataDir = makeDataDir("content-studio-bench-lighthouse-chrome-");
  /** @type {chromeLauncher.LaunchedChrome | undefined} */
  let chrome;
  /** @type {{ metric: string, value: number, unit: string, target: string }[]} */
  const entries = [];
  try {
    const cookie = await signInCookie(server.apiUrl, ADMIN);
    chrome = await chromeLauncher.launch({
      chromePath: findChromium(),
      userDataDir,
      chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
    });
    /** @type {Record<string, { scores: Record<string, number[]>, timings: Record<string, number[]>, js?: { count: number, kb: number } }>} */
    const byPage = {};
    const port = chrome.port;
    for (let run = 1; run <= RUNS; run++) {
      for (const page of PAGES) {
        const load = os.loadavg()[0] ?? 0;
        const url = new URL(page.path, server.url).href;
        // On a loaded machine Chromium now and then records no trace (NO_NAVSTART): run again.
        const lhr = await audit(port, url, page, cookie).catch((error) => {
          console.log(`lighthouse: run ${run}/${RUNS} ${page.name} failed (${error}), again`);
          return audit(port, url, page, cookie);
        });
        fs.mkdirSync(reportDir, { recursive: true });
        fs.writeFileSync(path.join(reportDir, `${page.name}-${run}.json`), JSON.stringify(lhr));
        const figures = (byPage[page.name] ??= { scores: {}, timings: {} });
        const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c.id]?.score ?? 0) * 100));
        CATEGORIES.forEach((c, i) => (figures.scores[c.id] ??= []).push(scores[i] ?? 0));
        const timings = TIMINGS.map((t) => lhr.audits[t.id]?.numericValue ?? NaN);
        TIMINGS.forEach((t, i) => (figures.timings[t.id] ??= []).push(timings[i] ?? NaN));
        console.log(
          `lighthouse: run ${run}/${RUNS} ${page.name}: ${scores.join(" / ")} ` +
            `(FCP ${Math.round(timings[0] ?? 0)} ms, LCP ${Math.round(timings[1] ?? 0)} ms, ` +
            `TBT ${Math.round(timings[2] ?? 0)} ms, CLS ${(timings[3] ?? 0).toFixed(3)}; ` +
            `load average ${load.toFixed(2)})`,
        );
        for (const category of CATEGORIES) {
          const below = failing(lhr, category.id);
          if (below.length > 0)
            console.log(`lighthouse:   ${page.name} ${category.id}: ${below.join(", ")}`);
        }
        if (run === 1 && page.name !== "library") figures.js = requestedScriptsGzip(lhr);
      }
    }
    for (const page of PAGES) {
      const figures = byPage[page.name];
      if (!figures) continue;
      for (const category of CATEGORIES) {
        entries.push({
          metric: `lighthouse ${page.name}: ${category.label} (mobile, median of ${RUNS})`,
          value: median(figures.scores[category.id] ?? []),
          unit: "score",
          target: category.target,
        });
      }
      for (const timing of TIMINGS) {
        const value = median(figures.timings[timing.id] ?? []);
        entries.push({
          metric: `lighthouse ${page.name}: ${timing.label} (mobile, median of ${RUNS})`,
          value: timing.unit === "ms" ? Math.round(value) : Math.round(value * 1000) / 1000,
          unit: timing.unit || "score",
          target: "",
        });
      }
      if (figures.js) {
        entries.push({
          metric: `first-visit JS ${page.name}: requested by the browser, ${figures.js.count} files (gzip)`,
          value: figures.js.kb,
          unit: "KB",
          target: `<= ${INITIAL_JS_BUDGET_KB}`,
        });
      }
    }
  } finally {
    await chrome?.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
    await server.stop();
  }
  for (const { page, files, totalKb } of budget) {
    entries.push({
      metric: `first-visit JS ${page}: entry + route chunks, ${files.length} files (gzip, build manifest)`,
      value: totalKb,
      unit: "KB",
      target: `<= ${INITIAL_JS_BUDGET_KB}`,
    });
  }
  return entries;
}
