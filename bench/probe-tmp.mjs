import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../e2e/lib/server.mjs";
import { generateExampleFiles } from "./examples-ingest.bench.mjs";
import { cpuSeconds, signInCookie, sleep } from "./lib/measure.mjs";
const ADMIN = { email: "probe@example.com", password: "Orbital-Tooling-2026" };
const root = "/tmp/perfx/ex10k";
if (!fs.existsSync(root)) generateExampleFiles(root, 10000);
const dataDir = "/tmp/perfx/data10k";
const fresh = !fs.existsSync(dataDir);
fs.mkdirSync(dataDir, { recursive: true });
const server = await startServer({
  dataDir,
  env: {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    EXAMPLES_ROOT: root,
    LOG_LEVEL: "warn",
  },
  timeoutMs: 120000,
});
const cookie = await signInCookie(server.apiUrl, ADMIN);
for (;;) {
  const r = await fetch(`${server.apiUrl}/api/examples/ingest/jobs?running=true`, {
    headers: { cookie },
  });
  const d = (await r.json()).data;
  if (d.length === 0) break;
  await sleep(200);
}
const paths = process.argv.slice(2);
for (const p of paths) {
  const c0 = cpuSeconds(server.pid);
  for (let i = 0; i < 50; i++) {
    const r = await fetch(server.apiUrl + p, { headers: { cookie } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(p + r.status);
  }
  console.log(p, "cpu ms/req", (((cpuSeconds(server.pid) - c0) * 1000) / 50).toFixed(1));
}
await server.stop();
