// Builds the app for the benches that run the built server, when the build is missing or stale.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { repoRoot, serverEntry } from "../../e2e/lib/server.mjs";

/** Newest modification time under a directory (ms). @param {string} dir @returns {number} */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Runs `npm run build` when the server build is missing or older than its sources. @param {string} label */
export function ensureBuild(label) {
  const sources = Math.max(
    newestMtime(path.join(repoRoot, "packages/server/src")),
    newestMtime(path.join(repoRoot, "packages/contract/src")),
    newestMtime(path.join(repoRoot, "packages/web/src")),
  );
  if (fs.existsSync(serverEntry) && fs.statSync(serverEntry).mtimeMs >= sources) return;
  console.log(`${label}: build missing or stale, running \`npm run build\``);
  const build = spawnSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
  if (build.status !== 0) throw new Error("`npm run build` failed");
}
