import { defineConfig } from "vitest/config";

/** Server tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const serverProject = (name: string, db: "pglite" | "postgres") => ({
  test: {
    name,
    include: ["packages/server/**/*.test.ts"],
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
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "contract",
          include: ["packages/contract/**/*.test.ts"],
          environment: "node",
        },
      },
      serverProject("server:pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("server:postgres", "postgres")] : []),
      "packages/web",
    ],
  },
});
