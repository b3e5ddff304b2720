// Lighthouse (mobile profile, simulated slow 4G and a 4x slower CPU: its defaults) on the
// sign-in page, the dashboard and the library of the built app served by the real server, in
// Debian's Chromium; and the gzipped JavaScript a first visit to sign-in and the dashboard
// loads, as the build's manifest says (the `npm test` budget) and as the browser requested it.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium } from "../e2e/lib/browser.mjs";
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

/** The audits that cost points in a category, for the log. @param {import("lighthouse").Result} lhr @param {string} id */
function failing(lhr, id) {
  const refs = lhr.categories[id]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit?.id} (${audit?.displayValue ?? audit?.score})`);
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
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    for (const page of PAGES) {
      const result = await lighthouse(
        new URL(page.path, server.url).href,
        {
          port: chrome.port,
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
      fs.mkdirSync(reportDir, { recursive: true });
      fs.writeFileSync(path.join(reportDir, `${page.name}.json`), JSON.stringify(lhr));
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== page.path) throw new Error(`${page.path} ended on ${landed} (signed out?)`);
      for (const category of CATEGORIES) {
        const score = Math.round((lhr.categories[category.id]?.score ?? 0) * 100);
        entries.push({
          metric: `lighthouse ${page.name}: ${category.label} (mobile)`,
          value: score,
          unit: "score",
          target: category.target,
        });
        const below = failing(lhr, category.id);
        if (below.length > 0)
          console.log(`lighthouse: ${page.name} ${category.id}: ${below.join(", ")}`);
      }
      if (page.name !== "library") {
        const requested = requestedScriptsGzip(lhr);
        entries.push({
          metric: `first-visit JS ${page.name}: requested by the browser, ${requested.count} files (gzip)`,
          value: requested.kb,
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
