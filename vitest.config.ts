import { defineConfig } from "vitest/config";

/** Server tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
const serverProject = (name: string, db: "pglite" | "postgres") => ({
  test: {
    name,
    include: ["packages/server/**/*.test.ts"],
    environment: "node",
    env: { TEST_DB: db },
    // PGlite test databases are loaded from one migrated, seeded dump made per run.
    ...(db === "pglite" ? { globalSetup: ["packages/server/test/pglite-template.ts"] } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
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
