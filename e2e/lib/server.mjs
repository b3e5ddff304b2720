// Starts the BUILT server (packages/server/dist/main.js) as a child process for e2e journeys
// and benchmarks: free port, its own DATA_DIR, waits for /api/health, stops with SIGTERM.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const serverEntry = path.join(repoRoot, "packages/server/dist/main.js");
export const webIndex = path.join(repoRoot, "packages/web/dist/index.html");

/**
 * Variables the server reads (packages/server/src/config.ts) are never inherited from the
 * caller's shell: a developer's DATABASE_URL or OPENAI_API_KEY must not leak into a test run.
 */
const SERVER_ENV = new Set([
  "PORT",
  "HOST",
  "DATA_DIR",
  "DATABASE_URL",
  "BASE_URL",
  "AUTH_SECRET",
  "ADMIN_EMAIL",
  "ADMIN_PASSWORD",
  "ADMIN_NAME",
  "SESSION_IDLE_HOURS",
  "SESSION_ABSOLUTE_HOURS",
  "TRUST_PROXY",
  "TRUSTED_PROXIES",
  "LOG_LEVEL",
  "WEB_DIST",
  "SMTP_URL",
  "MAIL_FROM",
]);
const SERVER_ENV_PREFIXES = /^(EXAMPLES_|OPENAI_|GOOGLE_GENERATIVE_AI_|AWS_|GENERATION_)/;

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A new temporary directory for a server's DATA_DIR: empty, or under `npm run test:e2e` a copy of
 * the run's template (E2E_TEMPLATE_DATA_DIR: a data directory one server of the same build
 * created, migrated and seeded on its first start, then left), which spares each journey's
 * server its first start: about 9 s of CPU each, a minute under a loaded machine.
 */
export function makeDataDir(prefix = "content-studio-e2e-") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = process.env.E2E_TEMPLATE_DATA_DIR;
  if (template) fs.cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * @typedef {object} RunningServer
 * @property {string} url          BASE_URL the browser uses (http://localhost:PORT)
 * @property {string} apiUrl       http://127.0.0.1:PORT, for Node-side requests
 * @property {number} port
 * @property {number} pid
 * @property {string} dataDir
 * @property {number} startMs      milliseconds from spawn to the first 200 on /api/health
 * @property {() => string} logs   everything the server printed so far
 * @property {() => Promise<void>} stop  SIGTERM; rejects unless the process exits with code 0
 */

/**
 * Spawns `node packages/server/dist/main.js` and resolves once GET /api/health answers 200.
 * @param {object} [options]
 * @param {string} [options.dataDir]     existing DATA_DIR to reuse (default: a fresh temp dir, removed on stop)
 * @param {Record<string, string>} [options.env]  extra variables (e.g. ADMIN_EMAIL)
 * @param {number} [options.timeoutMs]   how long to wait for health (default 120 s)
 * @returns {Promise<RunningServer>}
 */
export async function startServer(options = {}) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerOnce(options);
    } catch (error) {
      // The free port was taken between the probe and the server's bind (by a journey running
      // beside this one): start again on another port.
      const raced = error instanceof Error && /EADDRINUSE/.test(error.message);
      if (!raced || attempt >= 3 || options.env?.PORT) throw error;
    }
  }
}

/**
 * Whether the server's own start-up line says it listens on its PORT. A 200 from the port alone
 * is not enough: when another process took the port first, this server exits with EADDRINUSE
 * while that process answers (a journey once ran against another journey's server).
 * @param {string} output  what the server printed
 * @param {NodeJS.ProcessEnv} env  the server's environment
 */
function listeningOn(output, env) {
  if (env.LOG_LEVEL === "silent") return true; // it prints no start-up line
  return [...output.matchAll(/listening on \S+:(\d+)[;)]/g)].some(([, port]) => port === env.PORT);
}

/** @param {Parameters<typeof startServer>[0]} options @returns {Promise<RunningServer>} */
async function startServerOnce(options = {}) {
  if (!fs.existsSync(serverEntry)) {
    throw new Error(
      `${path.relative(repoRoot, serverEntry)} is missing: run \`npm run build\` first.`,
    );
  }
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? makeDataDir();
  const port = await freePort();
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (SERVER_ENV.has(name) || SERVER_ENV_PREFIXES.test(name)) delete env[name];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    BASE_URL: `http://localhost:${port}`,
    EXAMPLES_ROOT: path.join(repoRoot, "examples"),
    LOG_LEVEL: "info",
    ...options.env,
  });

  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
  let hasExited = false;
  let stopping = false;
  let startMs = 0;
  void exited.then(({ code, signal }) => {
    hasExited = true;
    if (!stopping && startMs > 0) {
      // Crashed after becoming healthy: say so now, or the journey just sees refused connections.
      console.error(
        `e2e: server pid ${child.pid} exited unexpectedly (code ${code}, signal ${signal}):\n${output.slice(-4000)}`,
      );
    }
  });

  const apiUrl = `http://127.0.0.1:${port}`;
  const timeoutMs = options.timeoutMs ?? (Number(process.env.SERVER_START_TIMEOUT_MS) || 120_000);
  const removeDataDir = () => {
    if (ownDataDir && !process.env.E2E_KEEP_DATA) {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  for (;;) {
    if (hasExited) {
      const { code, signal } = await exited;
      removeDataDir();
      throw new Error(
        `Server exited during start-up (code ${code}, signal ${signal}). Output:\n${output}`,
      );
    }
    if (performance.now() - started > timeoutMs) {
      child.kill("SIGKILL");
      await exited;
      removeDataDir();
      throw new Error(`Server not healthy after ${timeoutMs} ms. Output:\n${output}`);
    }
    try {
      const response = await fetch(`${apiUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200 && listeningOn(output, env)) {
        startMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }

  return {
    url: `http://localhost:${port}`,
    apiUrl,
    port,
    pid: /** @type {number} */ (child.pid),
    dataDir,
    startMs,
    logs: () => output,
    async stop() {
      stopping = true;
      if (!hasExited) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const { code, signal } = await exited;
      clearTimeout(timer);
      removeDataDir();
      if (code !== 0) {
        throw new Error(
          `Server did not exit cleanly on SIGTERM (code ${code}, signal ${signal}). Output:\n${output}`,
        );
      }
    },
  };
}
