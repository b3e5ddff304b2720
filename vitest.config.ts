import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * A server test file reaches a database when it, or a test module it imports (test/helper,
 * test/support, …, followed through their imports), names a way to open one (a function, or
 * PGlite's package: the word alone, in a comment or a message, is not one). Those files run on
 * PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set; the rest (policies, the judge,
 * parsers) run once, with no database: createTestDatabase refuses there, so a file that this
 * rule misreads fails at once rather than running on one database only.
 */
const OPENS_A_DATABASE = /\b(openDatabase|createTestDatabase)\b|"@electric-sql\/pglite"/;
const testDir = path.resolve("packages/server/test");
function reachesADatabase(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = fs.readFileSync(file, "utf8");
  if (OPENS_A_DATABASE.test(text)) return true;
  return [...text.matchAll(/(?:from|import\()\s*"(\.[^"]+)"/g)].some(([, spec]) => {
    const target = path.resolve(path.dirname(file), spec);
    if (!target.startsWith(testDir + path.sep)) return false;
    const module = [`${target}.ts`, path.join(target, "index.ts")].find((f) => fs.existsSync(f));
    return module !== undefined && reachesADatabase(module, seen);
  });
}
const serverTests = ["src", "test"].flatMap((dir) =>
  fs
    .readdirSync(path.join("packages/server", dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.join("packages/server", dir, file)),
);
const databaseTests = serverTests.filter((file) => reachesADatabase(path.resolve(file)));
const onceTests = serverTests.filter((file) => !databaseTests.includes(file));

/**
 * What a server test polls for happens after something it saw (a job's object deleted after the
 * job reports success): at a load of 10+ that took longer than vitest's 1 s default.
 */
const SERVER_EXPECT = { poll: { timeout: 10_000 } };

const serverProject = (name: string, db: "pglite" | "postgres") => ({
  test: {
    name,
    include: databaseTests,
    environment: "node",
    env: { TEST_DB: db },
    // Test databases are copies of templates migrated once per run: a PGlite dump, or template
    // databases on the PostgreSQL server (a database per file, decision 0057).
    // The server's own processes run from a bundle made once per run (test/server-bundle.ts).
    globalSetup: [
      `packages/server/test/${db}-template.ts`,
      "packages/server/test/server-bundle.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    expect: SERVER_EXPECT,
    // Files share a worker's loaded modules: importing the whole server again for every file
    // cost about a second each (decision 0056). Every file builds its own app and database, and
    // no server test mocks a module.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Two files at a time on these 2-core machines (the default is one fewer than the cores):
    // many server tests wait on real processes and sockets rather than compute (decision 0056).
    // Three measured 6 % faster but loaded the machine to 16–18 beside lint and the journeys
    // (decision 0059).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "contract",
          include: ["packages/contract/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: onceTests,
          environment: "node",
          env: { TEST_DB: "none" },
          testTimeout: 30_000,
          expect: SERVER_EXPECT,
          isolate: false,
        },
      },
      serverProject("server:pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("server:postgres", "postgres")] : []),
      "packages/web",
    ],
  },
});
