// `npm test` runs this right after the build: fails when the JavaScript a first visit to the
// sign-in page or the dashboard loads grows past its budget. It reads the real build output:
// the Vite manifest (packages/web/dist/.vite/manifest.json) from the entry, through every
// static import (what index.html and the route chunks modulepreload), gzipped at level 9.
// Code the screens import with `import()` (the editor, charts, diff) does not count: it loads
// only on the screens that use it. bench/lighthouse.bench.mjs measures the same in Chromium.
// Usage: node scripts/bundle-budget.mjs [--budget-kb N]   (N overrides the budget, to check it fails)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "packages/web/dist");
const manifestPath = path.join(dist, ".vite/manifest.json");

/** Gzipped JavaScript a first visit may load, in KB (1 KB = 1000 bytes, as Vite reports). */
export const INITIAL_JS_BUDGET_KB = 170;

/**
 * The pages a first visit opens, each as the route modules the router loads for it (besides
 * the entry). Keep in step with packages/web/src/app/router.tsx.
 */
export const FIRST_VISIT_PAGES = {
  "sign-in": [],
  dashboard: ["src/app/routes/protected.tsx", "src/app/routes/dashboard.tsx"],
};

/**
 * @typedef {{ file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }} ManifestChunk
 */

/** @returns {Record<string, ManifestChunk>} */
function readManifest() {
  if (!fs.existsSync(manifestPath)) {
    throw new Error(
      `${path.relative(root, manifestPath)} is missing: run \`npm run build\` first.`,
    );
  }
  return JSON.parse(fs.readFileSync(manifestPath, "utf8"));
}

/**
 * The JS files a page loads: the entry and the page's route modules, with all their static
 * imports.
 * @param {Record<string, ManifestChunk>} manifest
 * @param {string[]} routeModules
 * @returns {string[]} file names under dist/
 */
function staticClosure(manifest, routeModules) {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error("The Vite manifest has no entry chunk.");
  /** @type {Set<string>} */
  const seen = new Set();
  const visit = (/** @type {string} */ key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest (renamed or not lazy?).`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [entry, ...routeModules]) visit(key);
  return [...seen]
    .map((key) => manifest[key]?.file ?? "")
    .filter((file) => file.endsWith(".js"))
    .sort();
}

/** @param {string} file under dist/ @returns {number} gzipped bytes */
function gzipBytes(file) {
  return zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
}

/**
 * Gzipped JavaScript each first-visit page loads, from the current build.
 * @returns {{ page: string, files: { file: string, gzipBytes: number }[], totalKb: number }[]}
 */
export function measureInitialJs() {
  const manifest = readManifest();
  return Object.entries(FIRST_VISIT_PAGES).map(([page, routeModules]) => {
    const files = staticClosure(manifest, routeModules).map((file) => ({
      file,
      gzipBytes: gzipBytes(file),
    }));
    const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    return { page, files, totalKb: Math.round(total / 100) / 10 };
  });
}

function main() {
  const flag = process.argv.indexOf("--budget-kb");
  const budgetKb = flag === -1 ? INITIAL_JS_BUDGET_KB : Number(process.argv[flag + 1]);
  if (!Number.isFinite(budgetKb)) throw new Error("--budget-kb needs a number.");
  let over = false;
  for (const { page, files, totalKb } of measureInitialJs()) {
    const ok = totalKb <= budgetKb;
    over ||= !ok;
    console.log(
      `bundle budget: ${page}: ${totalKb} KB gzipped JavaScript in ${files.length} files ` +
        `(budget ${budgetKb} KB) ${ok ? "ok" : "OVER"}`,
    );
    if (!ok) {
      for (const f of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5)) {
        console.log(`  ${(f.gzipBytes / 1000).toFixed(1).padStart(7)} KB  ${f.file}`);
      }
    }
  }
  if (over) {
    console.error(
      "bundle budget: the first visit loads too much JavaScript. Load the new code with the " +
        "screen that uses it (a lazy route or `lazy(() => import(...))`).",
    );
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    main();
  } catch (error) {
    console.error(`bundle budget: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
