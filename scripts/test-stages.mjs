// `npm test`: every stage (lint, types, unit tests on each database, build, bundle budget,
// browser journeys), stopping at the first that fails, and a table of how long each took.
// Stages that do not need each other run at once (decisions 0058, 0059): the unit tests leave part
// of the two cores idle while they wait on real processes and sockets, and the other lanes fill it.
import { spawn } from "node:child_process";
import os from "node:os";

/**
 * Steps run one after another. A step is lanes run at once; a lane runs its stages in order.
 * The first lane of a step prints as it goes; the others print each stage's output when the
 * stage ends, so that lines of two stages never interleave.
 * @type {string[][][]}
 */
const PLAN = [
  // The unit tests use neither packages/web/dist nor packages/server/dist/main.js (their server
  // processes run a bundle of their own), so the build and the journeys run beside them too.
  [["test:unit"], ["lint", "typecheck"], ["build", "test:budget", "test:e2e"]],
];
/** TEST_STAGES=typecheck,test:budget runs only those (in the plan's order). */
const ONLY = process.env.TEST_STAGES ? new Set(process.env.TEST_STAGES.split(",")) : null;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

/** @type {{ stage: string, seconds: number, result: string, load: string }[]} */
const done = [];
/** @type {Set<import("node:child_process").ChildProcess>} */
const running = new Set();
let failed = false;

/**
 * Runs `npm run <stage>`; resolves whether it passed.
 * @param {string} stage
 * @param {boolean} live  print its output as it comes (else all of it when it ends)
 */
function runStage(stage, live) {
  const at = performance.now();
  return new Promise((resolve) => {
    // Its own process group, so that a failure elsewhere stops the stage and all it started.
    const child = spawn(npm, ["run", stage], {
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
      detached: process.platform !== "win32",
    });
    running.add(child);
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      running.delete(child);
      const ok = code === 0 && !failed;
      const seconds = (performance.now() - at) / 1000;
      // "stopped": another stage failed first, and this one was stopped for it.
      const result = code === 0 ? "ok" : failed ? "stopped" : "FAILED";
      done.push({ stage, seconds, result, load: load() });
      if (!live) {
        process.stdout.write(`\n──── ${stage}: ${result} in ${seconds.toFixed(1)} s ────\n`);
        process.stdout.write(Buffer.concat(output));
        process.stdout.write(`──── end of ${stage} ────\n`);
      }
      resolve(ok);
    });
  });
}

/** Stops every stage still running (a stage elsewhere failed). */
function stopAll() {
  for (const child of running) {
    try {
      if (child.pid && process.platform !== "win32") process.kill(-child.pid, "SIGTERM");
      else child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

/** @param {string[]} lane @param {boolean} live */
async function runLane(lane, live) {
  for (const stage of lane) {
    if (failed) return;
    if (!(await runStage(stage, live))) {
      if (!failed) {
        failed = true;
        stopAll();
      }
      return;
    }
  }
}

for (const sig of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(sig, () => {
    failed = true;
    stopAll();
    process.exit(1);
  });
}

const started = performance.now();
for (const step of PLAN) {
  const lanes = step
    .map((lane) => lane.filter((stage) => !ONLY || ONLY.has(stage)))
    .filter((lane) => lane.length > 0);
  await Promise.all(lanes.map((lane, i) => runLane(lane, i === 0)));
  if (failed) break;
}

const rows = done.map((d) => [d.stage, d.seconds.toFixed(1), d.result, d.load]);
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
console.log(
  `\nnpm test: time per stage on ${os.cpus().length} cores (stages in a row ran at once)`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
process.exit(failed ? 1 : 0);
