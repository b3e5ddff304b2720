// `npm start`'s first step: runs `npm run build` only when a build input changed since the
// last successful build. The inputs' paths, sizes and contents are hashed (a few hundred
// small files: tens of milliseconds); the hash of the last build is kept next to its output.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** What the web and server builds read (besides node_modules, covered by the lockfile). */
const INPUTS = [
  "package.json",
  "package-lock.json",
  "packages/contract",
  "packages/server",
  "packages/web",
];
const SKIP = new Set(["node_modules", "dist", ".vite", "coverage", "test-results"]);
/** Tests are not built: editing one needs no rebuild. */
const isTest = (/** @type {string} */ name) => /\.test\.tsx?$/.test(name);
const OUTPUTS = [
  "packages/server/dist/main.js",
  "packages/server/dist/backup-cli.js",
  "packages/server/dist/migrate.js",
  "packages/web/dist/index.html",
];
const STAMP = path.join(root, "packages/server/dist/.build-inputs");

/** @param {string} rel @param {import("node:crypto").Hash} hash */
function hashTree(rel, hash) {
  const abs = path.join(root, rel);
  const stat = fs.statSync(abs, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(abs).sort()) {
      if (SKIP.has(name) || name.startsWith(".") || isTest(name)) continue;
      hashTree(path.posix.join(rel, name), hash);
    }
    return;
  }
  hash.update(`${rel}\0${stat.size}\0`);
  hash.update(fs.readFileSync(abs));
}

export function inputsHash() {
  const hash = createHash("sha256");
  for (const rel of INPUTS) hashTree(rel, hash);
  return hash.digest("hex");
}

const current = inputsHash();
const built =
  OUTPUTS.every((rel) => fs.existsSync(path.join(root, rel))) &&
  fs.existsSync(STAMP) &&
  fs.readFileSync(STAMP, "utf8").trim() === current;
if (built) {
  console.log("content-studio: build is up to date");
} else {
  console.log("content-studio: sources changed since the last build; building");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(STAMP, `${current}\n`);
}
