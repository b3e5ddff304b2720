import http from "node:http";
import type { GeneratedContent } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { answer, startFakeAiProvider } from "./fakes/ai-provider-server";
import { VALID_REQUEST, modelDraft, OPENAI_TEST_KEY } from "./support/generation";
import {
  endProcessesAfterAll,
  signIn,
  signInCookie,
  migratedServerEnv,
  startServer,
} from "./support/server-process";

/** What a log must never show after SIGTERM: work hitting a closed database, or any error. */
const CLOSED_DATABASE =
  /driver has already been destroyed|Cannot use a pool after calling end|PGlite is closed|"level":(50|60)/;

describe("SIGTERM while a generation is being answered (the real server process)", () => {
  const { children, cleanups } = endProcessesAfterAll();

  it("answers and stores it, then closes the database and exits 0 at once", async () => {
    const fake = await startFakeAiProvider({ apiKey: OPENAI_TEST_KEY });
    cleanups.push(() => fake.close());
    fake.setDefault(answer(modelDraft(), { delayMs: 2_000 }));
    const env = {
      ...(await migratedServerEnv("cs-sigterm-data-", cleanups)),
      OPENAI_API_KEY: OPENAI_TEST_KEY,
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      LOG_LEVEL: "info",
    };

    const server = await startServer(env);
    children.push(server.child);
    const cookie = await signInCookie(server.base);
    const generation = fetch(`${server.base}/api/generate-content`, {
      method: "POST",
      headers: { cookie, origin: server.base, "content-type": "application/json" },
      body: JSON.stringify(VALID_REQUEST),
    });
    const deadline = Date.now() + 20_000;
    while (fake.requests.length === 0) {
      if (Date.now() > deadline) throw new Error(`no provider call:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    server.child.kill("SIGTERM");

    const res = await generation;
    const answered = Date.now();
    const body = (await res.json()) as { data: GeneratedContent };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(res.headers.get("connection")).toBe("close");
    const id = body.data.contentItemId;
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // Not held up by the kept-alive connection (keepAliveTimeout is 10 s): a container
    // runtime's stop timeout (often 10 s) would otherwise kill it before the database closed.
    expect(Date.now() - answered).toBeLessThan(5_000);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(server.output()).not.toMatch(CLOSED_DATABASE);

    // The item was stored: a new process on the same database finds it.
    const again = await startServer(env);
    children.push(again.child);
    const api = await signIn(again.base);
    const item = await api<{ id: string; headline: string }>("GET", `/api/library/${id}`);
    expect(item.status).toBe(200);
    expect(item.data.headline).toBe(modelDraft().headline);
    again.child.kill("SIGTERM");
    expect(await again.exited).toEqual({ code: 0, signal: null });
    expect(again.output()).not.toMatch(CLOSED_DATABASE);
  }, 180_000);
});

interface Outcome {
  status?: number;
  body?: string;
  connection?: string;
  error?: string;
}

/** One GET on a kept-alive agent: the answer, or the socket error's code. */
function getOn(agent: http.Agent, url: string, headers: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode, body, connection: res.headers.connection }),
      );
      res.on("error", (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message }),
      );
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message }),
    );
  });
}

describe("SIGTERM under kept-alive clients (the real server process)", () => {
  const { children, cleanups } = endProcessesAfterAll();

  it("answers every request 200 or 503 in the envelope: no connection is reset", async () => {
    const server = await startServer({
      ...(await migratedServerEnv("cs-sigterm-keepalive-", cleanups)),
      LOG_LEVEL: "warn",
    });
    children.push(server.child);
    const cookie = await signInCookie(server.base);

    // 20 clients, each on one kept-alive connection, asking one after the other until the
    // server tells them to come back later (503) or no longer takes connections.
    const outcomes: Outcome[] = [];
    let n = 0;
    const clients = Array.from({ length: 20 }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (;;) {
          n += 1;
          const url =
            n % 2 === 0 ? `${server.base}/api/health` : `${server.base}/api/library?q=keep${n}`;
          const outcome = await getOn(agent, url, { cookie });
          outcomes.push(outcome);
          if (outcome.status === 503 || outcome.error) return;
        }
      } finally {
        agent.destroy();
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    server.child.kill("SIGTERM");
    await Promise.all(clients);
    expect(await server.exited).toEqual({ code: 0, signal: null });

    // A connection refused after the server stopped listening is fine (nothing was sent);
    // a reset or a hang-up loses a request the client had sent.
    const lost = outcomes.filter((o) => o.error && o.error !== "ECONNREFUSED");
    expect(lost, JSON.stringify(lost)).toEqual([]);
    const refused = outcomes.filter((o) => o.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const outcome of outcomes.filter((o) => o.status !== undefined)) {
      if (outcome.status === 200) continue;
      expect(outcome.status, outcome.body).toBe(503);
      expect(outcome.connection).toBe("close");
      expect(JSON.parse(outcome.body ?? "")).toMatchObject({
        success: false,
        code: "service_unavailable",
      });
    }
    expect(server.output()).not.toMatch(CLOSED_DATABASE);
  }, 180_000);
});
