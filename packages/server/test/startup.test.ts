import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DB } from "./helper";
import { createScratchDatabase, startServer } from "./support/server-process";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const MAIN = "packages/server/src/main.ts";

interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts the server the way `npm run dev` does, minus the watcher: one node process with tsx's
 * loader (not `npx tsx`, which adds a second process and npm's own warnings on stderr).
 */
function start(env: Record<string, string>): Running {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(DATABASE_URL|TEST_|ADMIN_|BASE_URL|AUTH_SECRET|PORT|HOST|SERVER_ROLE|DATA_DIR|NODE_OPTIONS|NODE_ENV|VITEST)/.test(
          k,
        ),
    ),
  );
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    cwd: repoRoot,
    env: { ...base, HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForHealth(port: number, running: Running, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void running.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`server exited with ${exitCode}: ${running.stderr()}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return (await res.json()) as unknown;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer on port ${port} within ${timeoutMs} ms: ${running.stderr()}`);
}

/** Waits for the plain start-up line on stdout and returns it. */
async function startupLineOf(output: () => string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const line = output()
      .split("\n")
      .find((l) => l.startsWith("Content Studio is running at "));
    if (line) return line;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no start-up line within ${timeoutMs} ms:\n${output()}`);
}

const METRICS_TOKEN = "startup-metrics-token-0123456789";

describe.skipIf(TEST_DB !== "pglite")("start-up (a real process)", () => {
  let dataDir: string;
  const started: Running[] = [];
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cs-startup-"));
  });
  afterAll(async () => {
    for (const r of started) {
      if (r.child.exitCode === null && r.child.signalCode === null) {
        r.child.kill("SIGKILL");
        await r.exited;
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves /api/health, refuses a second process on the same DATA_DIR, stops cleanly on SIGTERM", async () => {
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, PORT: String(port) });
    started.push(first);
    expect(await waitForHealth(port, first, 60_000)).toEqual({
      success: true,
      data: { status: "ok", database: "up" },
    });
    const lock = path.join(dataDir, "content-studio.lock");
    expect(fs.readFileSync(lock, "utf8")).toBe(String(first.child.pid));

    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    started.push(second);
    const secondCode = await second.exited;
    expect(secondCode).not.toBe(0);
    expect(second.stderr()).toContain(
      `is in use by another Content Studio process (pid ${first.child.pid})`,
    );
    // The refused process left the first one running and its lock in place.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(fs.readFileSync(lock, "utf8")).toBe(String(first.child.pid));

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(lock)).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 120_000);

  it("prints one plain line naming the address, the database and the role; serves probes and metrics", async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const running = start({
      DATA_DIR: dataDir,
      PORT: String(port),
      METRICS_TOKEN,
      METRICS_PORT: String(metricsPort),
    });
    started.push(running);
    await waitForHealth(port, running, 60_000);
    const line = await startupLineOf(running.stdout, 60_000);
    expect(line).toBe(
      `Content Studio is running at http://localhost:${port} (listening on 127.0.0.1:${port}; database: PGlite in ${dataDir}; role: all; metrics: http://127.0.0.1:${metricsPort}/metrics)`,
    );
    // Every other line on stdout is a JSON log line.
    for (const other of running
      .stdout()
      .split("\n")
      .filter((l) => l && l !== line)) {
      expect(() => JSON.parse(other) as unknown, other).not.toThrow();
    }
    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("http_request_duration_seconds_bucket");
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  }, 150_000);

  it("exits 1 with one line naming PORT when PORT is invalid", async () => {
    const bad = start({ DATA_DIR: dataDir, PORT: "abc" });
    started.push(bad);
    expect(await bad.exited).toBe(1);
    const lines = bad
      .stderr()
      .split("\n")
      .filter((l) => l.trim() !== "");
    expect(lines).toEqual(["Invalid configuration: PORT must be a whole number from 0 to 65535."]);
    expect(bad.stdout()).toBe("");
  }, 60_000);

  it("exits 1 on a refused ADMIN_PASSWORD, releasing the data directory", async () => {
    const bad = start({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      ADMIN_EMAIL: "ops@example.test",
      ADMIN_PASSWORD: "qwerty123",
    });
    started.push(bad);
    expect(await bad.exited).toBe(1);
    expect(bad.stderr()).toContain("ADMIN_PASSWORD refused: This password is too common.");
    expect(fs.existsSync(path.join(dataDir, "content-studio.lock"))).toBe(false);
  }, 60_000);
});

describe.skipIf(TEST_DB !== "postgres")("start-up line on PostgreSQL (a real process)", () => {
  it("names the host and database, never the password", async () => {
    const scratch = await createScratchDatabase();
    const url = new URL(scratch.url);
    // Trust authentication ignores it; the line must not show it.
    url.username = "postgres";
    url.password = "Never-Print-Me-42";
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      server = await startServer({ DATABASE_URL: url.toString(), LOG_LEVEL: "info" });
      const line = await startupLineOf(server.output, 60_000);
      const port = new URL(server.base).port;
      expect(line).toBe(
        `Content Studio is running at ${server.base} (listening on 127.0.0.1:${port}; database: PostgreSQL ${url.hostname}:${url.port || "5432"}${url.pathname}; role: all)`,
      );
      expect(server.output()).not.toContain("Never-Print-Me-42");
      server.child.kill("SIGTERM");
      expect((await server.exited).code).toBe(0);
    } finally {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill("SIGKILL");
        await server.exited;
      }
      await scratch.drop();
    }
  }, 150_000);
});
