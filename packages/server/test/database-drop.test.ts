import fs from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { tempDir } from "./fixtures/examples";
import { TEST_DB } from "./helper";
import {
  ADMIN,
  createScratchDatabase,
  endProcessesAfterAll,
  signInCookie,
  startServer,
} from "./support/server-process";

const LOAD_CONNECTIONS = 20;

interface Answer {
  status: number;
  body: string;
  signIn?: boolean;
}

/**
 * Rounds of terminating the backends, each with a sign-in on its way (the auth library's own
 * queries). Few: one address may sign in 30 times in 15 minutes, the test's own sign-in included.
 */
const SIGN_INS = 5;

/**
 * Terminates the app's backends on the scratch database only (other test runs share this
 * PostgreSQL): the pool's connections, whatever they are doing, and the change feed's listener.
 * The pids are listed first and terminated one by one: `pg_terminate_backend` in a WHERE
 * clause may run before the database filter (the planner orders the quals) and end every
 * backend on the server.
 */
async function terminateBackends(adminUrl: string, database: string): Promise<number> {
  if (!/^cs_scratch_[0-9a-fx_]+$/.test(database))
    throw new Error(`not a scratch database: ${database}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    for (const { pid } of rows) await admin.query("select pg_terminate_backend($1)", [pid]);
    return rows.length;
  } finally {
    await admin.end();
  }
}

describe.skipIf(TEST_DB !== "postgres")(
  "PostgreSQL drops the app's connections under load (the real server process)",
  () => {
    const { children, cleanups } = endProcessesAfterAll();

    it("keeps the process alive, answers the failed requests 503 in the envelope and serves again", async () => {
      const dataDir = tempDir("cs-dbdrop-data-");
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      const database = await createScratchDatabase({ migrated: true });
      cleanups.push(database.drop);
      const databaseName = new URL(database.url).pathname.slice(1);
      const server = await startServer({
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: "warn",
      });
      children.push(server.child);
      const cookie = await signInCookie(server.base);
      const headers = { cookie, origin: server.base };

      // Requests that hold a pooled connection across several statements: a library search
      // (a transaction) and an example search (one connection, cancellable when the client leaves).
      let n = 0;
      const get = async (): Promise<Answer> => {
        n += 1;
        const url = n % 2 === 0 ? `/api/library?q=drop${n}` : `/api/examples?q=drop${n}`;
        const res = await fetch(`${server.base}${url}`, { headers });
        return { status: res.status, body: await res.text() };
      };

      const answers: Answer[] = [];
      const networkErrors: string[] = [];
      let loading = true;
      const signIn = async (): Promise<Answer> => {
        const res = await fetch(`${server.base}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.base },
          body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
        });
        return { status: res.status, body: await res.text(), signIn: true };
      };
      const load = Array.from({ length: LOAD_CONNECTIONS }, async () => {
        while (loading && server.child.exitCode === null) {
          try {
            answers.push(await get());
          } catch (error) {
            networkErrors.push(String((error as Error).cause ?? error));
          }
        }
      });
      const signingIn: Promise<void>[] = [];
      const startSignIn = () =>
        signingIn.push(
          signIn().then(
            (answer) => void answers.push(answer),
            (error: Error) =>
              void networkErrors.push(String((error.cause as Error | undefined) ?? error)),
          ),
        );

      await new Promise((resolve) => setTimeout(resolve, 500));
      // Several rounds, so that clients caught between statements (inside a transaction, a
      // held search connection, the change listener) are hit as well as running queries.
      let terminated = 0;
      for (let round = 0; round < SIGN_INS; round++) {
        // A sign-in on its way while the backends go.
        startSignIn();
        terminated += await terminateBackends(process.env.TEST_DATABASE_URL ?? "", databaseName);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const droppedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 500));
      loading = false;
      await Promise.all([...load, ...signingIn]);

      expect(terminated).toBeGreaterThan(0);
      const signIns = answers.filter((a) => a.signIn);
      expect(signIns.length, "no sign-in was answered").toBeGreaterThan(0);
      console.log(`database drop: sign-ins answered ${signIns.map((a) => a.status).join(",")}`);
      expect(server.child.exitCode, server.output()).toBeNull();
      expect(networkErrors).toEqual([]);
      const failed = answers.filter((a) => a.status !== 200);
      expect(failed.length, "no request was caught by the drop").toBeGreaterThan(0);
      for (const answer of failed) {
        expect(answer.status, answer.body).toBe(503);
        expect(JSON.parse(answer.body)).toEqual({
          success: false,
          code: "service_unavailable",
          message: expect.any(String) as string,
        });
        expect(answer.body).not.toMatch(/57P01|terminating connection|at .*\.ts:/);
      }

      // Back to serving at once: a search answers 200 within 5 s of the last drop.
      let last: Answer | undefined;
      while (Date.now() - droppedAt < 5_000) {
        last = await get();
        if (last.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(last?.status, last?.body).toBe(200);
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/Unhandled 'error' event|"level":60/);

      server.child.kill("SIGTERM");
      expect(await server.exited).toEqual({ code: 0, signal: null });
    }, 180_000);
  },
);
