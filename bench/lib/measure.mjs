// Shared helpers for the availability benches: process memory and CPU from /proc, percentiles,
// and a signed-in fetch for a running server.
import fs from "node:fs";

/** VmRSS (or another /proc/<pid>/status field) in MiB. @param {number} pid @param {string} [field] */
export function rssMiB(pid, field = "VmRSS") {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  if (!match) throw new Error(`${field} not found in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

/** CPU seconds (user + system) a process has used so far (Linux, 100 ticks per second). @param {number} pid */
export function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** @param {number[]} values @param {number} p 0..100 */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

export const round = (/** @type {number} */ n, digits = 1) => Number(n.toFixed(digits));
export const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Signs in and returns the session cookie.
 * @param {string} base @param {{ email: string, password: string }} account
 */
export async function signInCookie(base, account) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(account),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Waits until the server's first-start ingest of the shipped examples has finished, then lets
 * it settle for a second, so a memory bench starts from idle.
 * @param {string} base @param {string} cookie
 */
export async function waitForStartupIngest(base, cookie) {
  for (let i = 0; i < 100; i++) {
    const r = await fetch(`${base}/api/examples/ingest/jobs?running=true`, {
      headers: { cookie },
    });
    const { data } = /** @type {{ data: unknown[] }} */ (await r.json());
    if (data.length === 0) break;
    await sleep(200);
  }
  await sleep(1000);
}

/**
 * Samples a process's RSS every 50 ms from now on. `stop()` ends the sampling and returns the
 * idle figure (at the start), the peak, and the figure after `settleMs` (memory given back).
 * @param {number} pid
 */
export function sampleRss(pid) {
  const idle = rssMiB(pid);
  let peak = idle;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMiB(pid));
    } catch {
      // exited
    }
  }, 50);
  return {
    /** @param {number} [settleMs] */
    async stop(settleMs = 5000) {
      await sleep(settleMs);
      const after = rssMiB(pid);
      clearInterval(timer);
      return { idle, peak: Math.max(peak, after), after };
    },
  };
}
