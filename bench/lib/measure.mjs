// Shared helpers for the availability benches: process memory and CPU from /proc, percentiles,
// and signed-in requests to the built server.
import fs from "node:fs";
import { startServer } from "../../e2e/lib/server.mjs";
import { sendJson, sessionCookie } from "../../packages/server/test/support/http-session.ts";

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
  return sessionCookie(res);
}

/**
 * A JSON client for a signed-in user: `api(method, url, body?)` resolves to the answer's `data`
 * and throws on 4xx/5xx.
 * @param {string} base @param {string} cookie
 */
export function jsonClient(base, cookie) {
  /** @param {string} method @param {string} url @param {unknown} [body] */
  return async (method, url, body) => {
    const r = await sendJson(base, cookie, method, url, body);
    const json = /** @type {{ data: unknown }} */ (await r.json());
    if (r.status >= 400)
      throw new Error(`${method} ${url} answered ${r.status}: ${JSON.stringify(json)}`);
    return json.data;
  };
}

/**
 * Starts the built server (PGlite unless `env` names a DATABASE_URL) with `admin` as its first
 * administrator and `env`, signs `admin` in and waits for the first-start ingest; stops the
 * server if that fails.
 * @param {{ email: string, password: string }} admin @param {Record<string, string>} [env]
 */
export async function startSignedIn(admin, env = {}) {
  const server = await startServer({
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: "warn", ...env },
  });
  try {
    const cookie = await signInCookie(server.apiUrl, admin);
    await waitForStartupIngest(server.apiUrl, cookie);
    return { server, cookie };
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw error;
  }
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

/**
 * Posts `count` multipart forms to the server at once, `form(n)` for n = 0 … count - 1, while
 * sampling its RSS. An answer 429 is waited out (Retry-After, else 5 s) and the form sent again;
 * `accepted(res, body, n)` then checks the answer (and may wait for what it started).
 * Returns the RSS figures (see sampleRss), the seconds all posts took and the number of 429s.
 * @param {{ server: { apiUrl: string, pid: number }, cookie: string, path: string, count: number,
 *   form: (n: number) => FormData,
 *   accepted: (res: Response, body: unknown, n: number) => Promise<void> | void }} posts
 */
export async function rssDuringParallelPosts({ server, cookie, path, count, form, accepted }) {
  let refused = 0;
  const postOne = async (/** @type {number} */ n) => {
    for (;;) {
      const res = await fetch(`${server.apiUrl}${path}`, {
        method: "POST",
        headers: { cookie, origin: server.apiUrl },
        body: form(n),
      });
      const body = /** @type {unknown} */ (await res.json());
      if (res.status !== 429) return accepted(res, body, n);
      refused += 1;
      await sleep(Number(res.headers.get("retry-after") ?? "5") * 1000);
    }
  };
  const rss = sampleRss(server.pid);
  const started = performance.now();
  await Promise.all(Array.from({ length: count }, (_, n) => postOne(n)));
  const seconds = (performance.now() - started) / 1000;
  // Memory given back: the allocators settle, then RSS is read again.
  return { ...(await rss.stop()), seconds, refused };
}
