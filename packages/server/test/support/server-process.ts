import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { expect } from "vitest";

/** The repository root: the server runs from source there (node --import tsx). */
export const repoRoot = path.resolve(import.meta.dirname, "../../../..");
export const ADMIN = { email: "crash-admin@example.test", password: "Crash-Test-Passphrase-42" };
/** Variables the server reads: never inherited from the test runner. */
const SERVER_ENV =
  /^(PORT|HOST|DATA_DIR|DATABASE_URL|BASE_URL|AUTH_SECRET|ADMIN_\w+|SESSION_\w+|TRUST_PROXY|TRUSTED_PROXIES|LOG_LEVEL|EXAMPLES_\w+|WEB_DIST|AWS_\w+|NODE_ENV)$/;

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

/** The server from source (node --import tsx src/main.ts) as its own single process. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !SERVER_ENV.test(k)),
  ) as Record<string, string>;
  const child = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
    cwd: repoRoot,
    env: { ...clean, PORT: String(port), HOST: "127.0.0.1", BASE_URL: base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`server exited during start-up:\n${out}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server not healthy in time:\n${out}`);
    }
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { base, child, exited, output: () => out };
}

/** Signs in as ADMIN over real HTTP and returns the session's cookie header. */
export async function signInCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Signs in over real HTTP and returns a JSON client that keeps the session cookie. */
export async function signIn(base: string) {
  const cookie = await signInCookie(base);
  return async <T>(method: string, url: string, body?: unknown) => {
    const r = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie,
        origin: base,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await r.json()) as { data: T };
    return { status: r.status, data: json.data, json };
  };
}

/**
 * A fresh PostgreSQL database on the server named by TEST_DATABASE_URL, for a server process
 * of its own (its migrations run in `public`); drop() removes it.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `cs_scratch_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
