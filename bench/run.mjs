// `npm run bench`: runs every bench/*.bench.mjs, prints a table and writes bench-results.json.
// Each module exports `async function run()` returning entries of
// { metric: string, value: number, unit: string, target: string }.
// Usage: node bench/run.mjs [name-filter ...]   e.g. `node bench/run.mjs startup`
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

// tsx lets benches import TypeScript (the shared AI provider fake) as e2e journeys do;
// registered before any bench module is imported below.
register();

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, "..");
const outFile = path.join(repoRoot, "bench-results.json");

const filters = process.argv.slice(2);
const modules = fs
  .readdirSync(benchDir)
  .filter((name) => name.endsWith(".bench.mjs"))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();
if (modules.length === 0) {
  console.error(`bench: no bench/*.bench.mjs files match ${filters.join(", ") || "*"}.`);
  process.exit(1);
}

console.log(
  `bench: Node ${process.version}, ${os.cpus().length} cores, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, load average ${(os.loadavg()[0] ?? 0).toFixed(2)}`,
);

/**
 * "ok" or "MISS" for targets written as "<= N" or ">= N"; "" for informational ones.
 * @param {{ value: number, target: string }} entry
 */
function verdict({ value, target }) {
  const match = /^\s*(<=|>=|<|>)\s*([\d.]+)/.exec(target);
  if (!match) return "";
  const limit = Number(match[2]);
  const ok = { "<=": value <= limit, ">=": value >= limit, "<": value < limit, ">": value > limit };
  return ok[/** @type {"<=" | ">=" | "<" | ">"} */ (match[1])] ? "ok" : "MISS";
}

/** @param {unknown} entry */
function isEntry(entry) {
  if (typeof entry !== "object" || entry === null) return false;
  const e = /** @type {Record<string, unknown>} */ (entry);
  return (
    typeof e.metric === "string" &&
    typeof e.value === "number" &&
    Number.isFinite(e.value) &&
    typeof e.unit === "string" &&
    typeof e.target === "string"
  );
}

/** @type {{ metric: string, value: number, unit: string, target: string }[]} */
const results = [];
let failed = false;
for (const name of modules) {
  console.log(`bench: ${name} ...`);
  const started = performance.now();
  try {
    const mod = await import(pathToFileURL(path.join(benchDir, name)).href);
    if (typeof mod.run !== "function") throw new Error("does not export `async function run()`");
    const entries = await mod.run();
    if (!Array.isArray(entries) || !entries.every(isEntry)) {
      throw new Error("run() must return [{ metric, value, unit, target }]");
    }
    results.push(...entries);
    console.log(`bench: ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    failed = true;
    console.error(`bench: ${name} failed: ${error instanceof Error ? error.stack : error}`);
  }
}

const rows = results.map((r) => [r.metric, String(r.value), r.unit, r.target, verdict(r)]);
const header = ["metric", "value", "unit", "target", ""];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
/** @param {string[]} cells */
const line = (cells) =>
  cells
    .map((c, i) => (i === 1 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
    .join("  ")
    .trimEnd();
console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
for (const row of rows) console.log(line(row));

fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nbench: wrote ${results.length} results to ${path.relative(process.cwd(), outFile)}`);
if (failed) process.exit(1);
