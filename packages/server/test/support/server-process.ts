import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { tempDir } from "../fixtures/examples";
import { provided, TEST_DB } from "../helper";
import { newDatabase } from "../postgres-template";
import { sendJson, sessionCookie } from "./http-session";

/** The repository root: the server runs from source there (node --import tsx). */
export const repoRoot = path.resolve(import.meta.dirname, "../../../..");
export const ADMIN = { email: "crash-admin@example.test", password: "Crash-Test-Passphrase-42" };
/** Variables the server reads: never inherited from the test runner. */
const SERVER_ENV =
  /^(PORT|HOST|SERVER_ROLE|DATA_DIR|DATABASE_URL|BASE_URL|AUTH_SECRET|ADMIN_\w+|SESSION_\w+|TRUST_PROXY|TRUSTED_PROXIES|LOG_LEVEL|EXAMPLES_\w+|WEB_DIST|AWS_\w+|NODE_ENV)$/;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Server {
  base: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

/**
 * How node runs one of the server's scripts (`packages/server/src/<name>.ts`): from the run's
 * bundle when the global setup made one (test/server-bundle.ts), else from source with tsx.
 */
function nodeArgs(script: string): string[] {
  const bundle = provided("serverBundle");
  const name = /^packages\/server\/src\/([\w-]+)\.ts$/.exec(script)?.[1];
  const bundled = bundle && name ? path.join(bundle, `${name}.js`) : undefined;
  return bundled && fs.existsSync(bundled) ? [bundled] : ["--import", "tsx", script];
}

/** A script of the server (see nodeArgs), with only the variables given. */
export function spawnSource(script: string, env: Record<string, string>): Omit<Server, "base"> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !SERVER_ENV.test(k)),
  ) as Record<string, string>;
  const child = spawn(process.execPath, nodeArgs(script), {
    cwd: repoRoot,
    env: { ...clean, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => out };
}

/** The server (src/main.ts, see nodeArgs), not waited for. */
export async function spawnServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = spawnSource("packages/server/src/main.ts", {
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: base,
    ...env,
  });
  return { base, ...started };
}

/** Waits until the server answers /api/health with 200 (at most 90 s). */
export async function waitHealthy(server: Server): Promise<Server> {
  let gone = false;
  void server.exited.then(() => (gone = true));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`server exited during start-up:\n${server.output()}`);
    if (Date.now() > deadline) {
      server.child.kill("SIGKILL");
      throw new Error(`server not healthy in time:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The server (src/main.ts, see nodeArgs) as its own single process. The port
 * is free when picked, but a file running beside this one may take it before the server binds
 * it (its import takes seconds): then the server is started again on another.
 */
export async function startServer(env: Record<string, string>): Promise<Server> {
  for (let attempt = 1; ; attempt += 1) {
    const server = await spawnServer(env);
    try {
      return await waitHealthy(server);
    } catch (error) {
      if (attempt < 3 && !env.PORT && /EADDRINUSE/.test(server.output())) continue;
      throw error;
    }
  }
}

/** Signs in (as ADMIN unless told) over real HTTP and returns the session's cookie header. */
export async function signInCookie(
  base: string,
  credentials: { email: string; password: string } = ADMIN,
): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(credentials),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return sessionCookie(res);
}

/** Signs in over real HTTP and returns a JSON client that keeps the session cookie. */
export async function signIn(base: string, credentials?: { email: string; password: string }) {
  const cookie = await signInCookie(base, credentials);
  return async <T>(method: string, url: string, body?: unknown) => {
    const r = await sendJson(base, cookie, method, url, body);
    const json = (await r.json()) as { data: T };
    return { status: r.status, data: json.data, json };
  };
}

/**
 * A fresh PostgreSQL database on the server named by TEST_DATABASE_URL, for a server process
 * of its own (its migrations run in `public`); drop() removes it. `migrated`: a copy of the
 * run's migrated, seeded template (test/postgres-template.ts) when there is one, for a test
 * whose subject is not the first start.
 */
export async function createScratchDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const templates = provided("postgresTemplates");
  return newDatabase(
    "cs_scratch",
    templates?.run,
    options.migrated ? templates?.seeded : undefined,
  );
}

/**
 * A new DATA_DIR holding a copy of the run's migrated, seeded PGlite database when the global
 * setup made one (test/pglite-template.ts): the process skips the embedded database's first
 * initialisation and migrations (about 4.5 s), for a test whose subject is not the first start.
 */
export function migratedDataDir(prefix: string): string {
  const dir = tempDir(prefix);
  const template = provided("pgliteDataDir");
  if (template && fs.existsSync(template)) fs.cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * Where a server process under test keeps its data when its first start is not the test's
 * subject: a migrated DATA_DIR and, on PostgreSQL, a migrated database of its own, with the first
 * admin's credentials. `cleanups` gets what removes them.
 */
export async function migratedServerEnv(
  prefix: string,
  cleanups: (() => Promise<void>)[],
): Promise<{
  DATA_DIR: string;
  DATABASE_URL?: string;
  ADMIN_EMAIL: string;
  ADMIN_PASSWORD: string;
}> {
  const dataDir = migratedDataDir(prefix);
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const database =
    TEST_DB === "postgres" ? await createScratchDatabase({ migrated: true }) : undefined;
  if (database) cleanups.push(database.drop);
  return {
    ...(database ? { DATABASE_URL: database.url } : {}),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
}

/** Waits until `test` holds (polling every 50 ms), or fails with `what` and the output. */
/**
 * Call inside a describe block: the server processes its tests push to `children` are killed
 * after them (those still running), then every clean-up pushed to `cleanups` runs, in order.
 */
export function endProcessesAfterAll(): {
  children: ChildProcess[];
  cleanups: (() => Promise<void>)[];
} {
  const started = { children: [] as ChildProcess[], cleanups: [] as (() => Promise<void>)[] };
  afterAll(async () => {
    for (const child of started.children) if (child.exitCode === null) child.kill("SIGKILL");
    for (const cleanup of started.cleanups) await cleanup();
  });
  return started;
}

export async function waitUntil(
  test: () => boolean | Promise<boolean>,
  what: string,
  output: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
