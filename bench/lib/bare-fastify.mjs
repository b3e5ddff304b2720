// A bare Fastify in its own process answering fixed JSON bytes: the yardstick the per-request
// benches compare the real server against in the same run (same machine, same load).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makeDataDir, repoRoot } from "../../e2e/lib/server.mjs";

/**
 * Starts a bare Fastify answering each `routes[path]` body as JSON on GET `path`.
 * @param {Record<string, string>} routes  path → JSON body
 * @returns {Promise<{ url: string, pid: number, stop: () => void }>}  url without a trailing slash
 */
export async function startBareFastify(routes) {
  const dir = makeDataDir("content-studio-bench-bare-");
  const file = path.join(dir, "routes.json");
  fs.writeFileSync(file, JSON.stringify(routes));
  const script = `
    const fs = require("node:fs");
    const fastify = require("fastify")({ logger: false });
    const routes = JSON.parse(fs.readFileSync(${JSON.stringify(file)}, "utf8"));
    for (const [url, body] of Object.entries(routes)) {
      fastify.get(url, (_req, reply) => reply.type("application/json").send(body));
    }
    fastify.listen({ port: 0, host: "127.0.0.1" }).then((address) => console.log(address));
  `;
  const child = spawn(process.execPath, ["-e", script], {
    cwd: path.join(repoRoot, "packages/server"),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const address = await new Promise((resolve, reject) => {
    child.stdout.once("data", (chunk) => resolve(String(chunk).trim()));
    child.once("exit", (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  return {
    url: String(address),
    pid: /** @type {number} */ (child.pid),
    stop: () => {
      child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
