// `npm test`: every stage in order (lint, types, unit tests on each database, build, bundle
// budget, browser journeys), stopping at the first that fails, and a table of how long each took.
import { spawnSync } from "node:child_process";
import os from "node:os";

const ALL = ["lint", "typecheck", "test:unit", "build", "test:budget", "test:e2e"];
/** TEST_STAGES=typecheck,test:budget runs only those (in this order). */
const STAGES = process.env.TEST_STAGES ? process.env.TEST_STAGES.split(",") : ALL;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** @type {{ stage: string, seconds: number, ok: boolean, load: string }[]} */
const done = [];
const started = performance.now();
let failed = false;
for (const stage of STAGES) {
  const at = performance.now();
  const result = spawnSync(npm, ["run", stage], { stdio: "inherit" });
  const ok = result.status === 0;
  done.push({
    stage,
    seconds: (performance.now() - at) / 1000,
    ok,
    load: os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" "),
  });
  if (!ok) {
    failed = true;
    break;
  }
}

const rows = done.map((d) => [d.stage, d.seconds.toFixed(1), d.ok ? "ok" : "FAILED", d.load]);
rows.push([
  "total",
  ((performance.now() - started) / 1000).toFixed(1),
  failed ? "FAILED" : "ok",
  "",
]);
const header = ["stage", "seconds", "result", "load (1/5/15 min)"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
const line = (/** @type {string[]} */ cells) =>
  cells
    .map((c, i) => (i === 1 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
    .join("  ")
    .trimEnd();
console.log(`\nnpm test: time per stage on ${os.cpus().length} cores`);
console.log(line(header));
for (const row of rows) console.log(line(row));
process.exit(failed ? 1 : 0);
