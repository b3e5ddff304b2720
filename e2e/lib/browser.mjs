// Launches Debian's Chromium through playwright-core (no `npx playwright install`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { watchConsole } from "./console.mjs";
import { repoRoot } from "./server.mjs";

export const NO_CHROMIUM =
  "No Chromium found: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.";

export const resultsDir = path.join(repoRoot, "test-results");

/** The two window sizes journeys check screens at: a phone and a desktop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1400, height: 900 };

/** Chromium's switches besides headless, for the journeys and the Lighthouse bench alike. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** @param {string} file */
function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** @param {string} name */
function onPath(name) {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

/**
 * CHROMIUM_PATH, else /usr/bin/chromium, else chromium / chromium-browser / google-chrome on PATH.
 * @returns {string} the executable; throws NO_CHROMIUM when there is none
 */
export function findChromium() {
  const configured = process.env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (isExecutable(configured)) return configured;
    throw new Error(`CHROMIUM_PATH=${configured} is not an executable file. ${NO_CHROMIUM}`);
  }
  if (isExecutable("/usr/bin/chromium")) return "/usr/bin/chromium";
  for (const name of ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]) {
    const found = onPath(name);
    if (found) return found;
  }
  throw new Error(NO_CHROMIUM);
}

/**
 * A fresh Chromium profile with one page. `shot(step)` saves test-results/<journey>-<step>.png;
 * `console` collects console warnings/errors and uncaught exceptions (see console.mjs): every
 * journey ends with `browser.console.assertClean()`.
 * @param {string} journey  prefix for screenshot names
 * @param {{ viewport?: { width: number, height: number } }} [options]
 */
export async function launchBrowser(journey, options = {}) {
  const executablePath = findChromium();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "content-studio-chromium-"));
  fs.mkdirSync(resultsDir, { recursive: true });
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: ["--headless", ...CHROMIUM_FLAGS],
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const console = watchConsole(page);

  return {
    context,
    page,
    console,
    /** @param {string} step */
    async shot(step) {
      await page.screenshot({
        path: path.join(resultsDir, `${journey}-${step}.png`),
        fullPage: true,
      });
    },
    /**
     * A screenshot of the whole screen at `viewport`: the window is stretched to the height of
     * the shell's scrolling main area (plus the phone header) so nothing below the fold is cut,
     * then set back. `idle` first waits for the network to settle (not on pages that stream).
     * @param {string} step
     * @param {{ width: number, height: number }} viewport
     * @param {{ idle?: boolean }} [options]
     */
    async shotWhole(step, viewport, { idle = false } = {}) {
      await page.setViewportSize(viewport);
      if (idle) await page.waitForLoadState("networkidle");
      const height = await page.evaluate(() => {
        const main = document.querySelector("main");
        const header = document.querySelector("body > #root header");
        return (main?.scrollHeight ?? 0) + (header?.getBoundingClientRect().height ?? 0);
      });
      await page.setViewportSize({
        width: viewport.width,
        height: Math.max(viewport.height, height),
      });
      await this.shot(step);
      await page.setViewportSize(viewport);
    },
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Ends a journey: closes its browsers, keeps the server's log beside the screenshots
 * (test-results/<journey>-server.log) and stops the server. Safe when `before` failed midway.
 * @param {string} journey
 * @param {{ logs(): string, stop(): Promise<void> } | undefined} server
 * @param {...({ close(): Promise<void> } | undefined)} browsers
 */
export async function endJourney(journey, server, ...browsers) {
  for (const browser of browsers) await browser?.close();
  if (server) {
    fs.writeFileSync(path.join(resultsDir, `${journey}-server.log`), server.logs());
    await server.stop();
  }
}
