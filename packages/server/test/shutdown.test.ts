import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import type { GeneratedContent } from "@content-studio/contract";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "./fixtures/examples";
import { TEST_DB } from "./helper";
import { answer, startFakeAiProvider, type FakeAiProviderServer } from "./fakes/ai-provider-server";
import { VALID_REQUEST, modelDraft, OPENAI_TEST_KEY } from "./support/generation";
import {
  ADMIN,
  createScratchDatabase,
  signIn,
  signInCookie,
  startServer,
} from "./support/server-process";

/** What a log must never show after SIGTERM: work hitting a closed database, or any error. */
const CLOSED_DATABASE =
  /driver has already been destroyed|Cannot use a pool after calling end|PGlite is closed|"level":(50|60)/;

describe("SIGTERM while a generation is being answered (the real server process)", () => {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  let fake: FakeAiProviderServer | undefined;
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    for (const cleanup of cleanups) await cleanup();
    await fake?.close();
  });

  it("answers and stores it, then closes the database and exits 0 at once", async () => {
    fake = await startFakeAiProvider({ apiKey: OPENAI_TEST_KEY });
    fake.setDefault(answer(modelDraft(), { delayMs: 2_000 }));
    const dataDir = tempDir("cs-sigterm-data-");
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = TEST_DB === "postgres" ? await createScratchDatabase() : undefined;
    if (database) cleanups.push(database.drop);
    const env = {
      ...(database ? { DATABASE_URL: database.url } : {}),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
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
    const item = await api<{ id: string; headline: string }>("GET", `/api/content/${id}`);
    expect(item.status).toBe(200);
    expect(item.data.headline).toBe(modelDraft().headline);
    again.child.kill("SIGTERM");
    expect(await again.exited).toEqual({ code: 0, signal: null });
    expect(again.output()).not.toMatch(CLOSED_DATABASE);
  }, 180_000);
});
