import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of this run's server bundle: main.js, migrate.js, backup-cli.js. */
    serverBundle: string;
  }
}

const serverRoot = path.resolve(import.meta.dirname, "..");

/**
 * Vitest global setup of the server projects: the server is bundled once per run, as
 * `npm run build` bundles it for `npm start`, and the tests that run it as a process of its own
 * run that bundle (test/support/server-process.ts): starting from source with tsx's loader costs
 * about 1.5 s more CPU a process. Under dist/ (ignored by git and the linters), one folder per
 * project, at dist's depth so paths the server resolves from its own file stay the same.
 */
export default function setup(project: TestProject) {
  const dir = path.join(serverRoot, "dist", `test-${project.name.replace(/\W/g, "-")}`);
  fs.rmSync(dir, { recursive: true, force: true });
  execFileSync(process.execPath, ["build.mjs", "--outdir", dir], { cwd: serverRoot });
  project.provide("serverBundle", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
