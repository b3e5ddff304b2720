// `npm test`: every stage (lint, types, unit tests on each database, build, bundle budget,
// browser journeys), stopping at the first that fails, and a table of how long each took.
// Stages that do not need each other run at once (decisions 0058, 0059): the unit tests leave part
// of the two cores idle while they wait on real processes and sockets, and the other lanes fill it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Steps run one after another. A step is lanes run at once; a lane runs its stages in order.
 * The first lane of a step prints as it goes; the others print each stage's output when the
 * stage ends, so that lines of two stages never interleave.
 * @type {string[][][]}
 */
const PLAN = [
  // The unit tests use neither packages/web/dist nor packages/server/dist/main.js (their server
  // processes run a bundle of their own), so the build and the journeys run beside them too.
  // The unit tests that reach a database (on PGlite, then PostgreSQL) are the longest lane; the
  // rest (web, database-free server files, contract) follow the types in the second lane, so that
  // they fill the cores the first lane leaves idle in its tail (decision 0063).
  [
    ["test:unit:databases"],
    ["lint", "typecheck", "test:unit:rest"],
    ["build", "test:budget", "test:e2e"],
  ],
];
/** TEST_STAGES=typecheck,test:budget runs only those (in the plan's order). */
const ONLY = process.env.TEST_STAGES ? new Set(process.env.TEST_STAGES.split(",")) : null;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

/**
 * Where bash is at hand, a stage runs under it and its `times` builtin reports the CPU (user +
 * sys) of everything the stage started and waited for: with stages side by side, wall seconds
 * alone do not tell which stage costs the cores.
 */
const bash = process.platform !== "win32" && fs.existsSync("/bin/bash") ? "/bin/bash" : null;
const cpuDir = bash ? fs.mkdtempSync(path.join(os.tmpdir(), "test-stages-")) : null;

/** @param {string} text  the output of `times`: the shell's own line, then its children's */
function cpuSecondsOf(text) {
  const children = text.trim().split("\n")[1] ?? "";
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)];
  if (parts.length !== 2) return null;
  return parts.reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
}

/** @type {{ stage: string, seconds: number, cpu: number | null, result: string, load: string }[]} */
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
    const cpuFile = cpuDir ? path.join(cpuDir, stage.replaceAll(":", "-")) : null;
    const [command, args] =
      bash && cpuFile
        ? [bash, ["-c", 'npm run "$1"; s=$?; times > "$2"; exit $s', "stage", stage, cpuFile]]
        : [npm, ["run", stage]];
    const child = spawn(command, args, {
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
      const cpu =
        cpuFile && fs.existsSync(cpuFile) ? cpuSecondsOf(fs.readFileSync(cpuFile, "utf8")) : null;
      done.push({ stage, seconds, cpu, result, load: load() });
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

const cpuKnown = done.every((d) => d.cpu !== null);
const cpuCell = (/** @type {number | null} */ cpu) => (cpu === null ? "?" : cpu.toFixed(1));
const rows = done.map((d) => [d.stage, d.seconds.toFixed(1), cpuCell(d.cpu), d.result, d.load]);
rows.push([
  "total",
  ((performance.now() - started) / 1000).toFixed(1),
  cpuKnown ? cpuCell(done.reduce((sum, d) => sum + (d.cpu ?? 0), 0)) : "?",
  failed ? "FAILED" : "ok",
  "",
]);
if (cpuDir) fs.rmSync(cpuDir, { recursive: true, force: true });
const header = ["stage", "seconds", "CPU s", "result", "load (1/5/15 min)"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
const line = (/** @type {string[]} */ cells) =>
  cells
    .map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
    .join("  ")
    .trimEnd();
console.log(
  `\nnpm test: time per stage on ${os.cpus().length} cores (stages in a row ran at once; CPU s is user + sys of all a stage ran)`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
process.exit(failed ? 1 : 0);
