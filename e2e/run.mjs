// `npm run test:e2e`: runs e2e/*.e2e.mjs with Node's built-in test runner against the built app.
// Usage: node e2e/run.mjs [name-filter ...]   e.g. `node e2e/run.mjs foundation`
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { findChromium, resultsDir } from "./lib/browser.mjs";
import { makeDataDir, repoRoot, serverEntry, startServer, webIndex } from "./lib/server.mjs";

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`e2e: ${message}`);
  process.exit(1);
}

for (const built of [serverEntry, webIndex]) {
  if (!fs.existsSync(built)) {
    fail(`${path.relative(repoRoot, built)} is missing: run \`npm run build\` first.`);
  }
}
try {
  console.log(`e2e: Chromium at ${findChromium()}`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const e2eDir = path.join(repoRoot, "e2e");
const filters = process.argv.slice(2);
const files = fs
  .readdirSync(e2eDir)
  .filter((name) => name.endsWith(".e2e.mjs"))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort()
  .map((name) => path.join("e2e", name));
if (files.length === 0) fail(`no e2e/*.e2e.mjs files match ${filters.join(", ") || "*"}.`);

fs.mkdirSync(resultsDir, { recursive: true });
// Two journeys at a time (E2E_CONCURRENCY overrides): each starts its own server (PGlite holds
// ~0.5 GiB) and browser, and spends much of its time waiting on them, so a second journey
// uses the other core (decision 0058).
const concurrency = Number(process.env.E2E_CONCURRENCY) || 2;

// Every journey's server starts from a copy of one data directory that a server of this build
// created on its first start (migrations and seed data), made afresh at each run.
const template = makeDataDir("content-studio-e2e-template-");
try {
  const first = await startServer({ dataDir: template, timeoutMs: 300_000 });
  await first.stop();
} catch (error) {
  fail(`the template data directory: ${error instanceof Error ? error.message : String(error)}`);
}
const removeTemplate = () => fs.rmSync(template, { recursive: true, force: true });
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => {
    removeTemplate();
    process.exit(1);
  });
}

const child = spawn(
  process.execPath,
  [
    // tsx lets journeys import the contract's TypeScript rules (limits, counters) instead of copies.
    "--import",
    "tsx",
    "--test",
    `--test-concurrency=${concurrency}`,
    // A journey file ends when its tests have: a failed `after` hook skips the ones after it,
    // and a fake server they would have closed kept the whole run waiting forever.
    "--test-force-exit",
    "--test-reporter=spec",
    "--test-reporter-destination=stdout",
    "--test-reporter=junit",
    `--test-reporter-destination=${path.join("test-results", "e2e-junit.xml")}`,
    ...files,
  ],
  { cwd: repoRoot, stdio: "inherit", env: { ...process.env, E2E_TEMPLATE_DATA_DIR: template } },
);
child.on("exit", (code, signal) => {
  removeTemplate();
  console.log(`e2e: screenshots and JUnit report in ${path.relative(repoRoot, resultsDir)}/`);
  process.exit(code ?? (signal ? 1 : 0));
});
