import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  answer,
  startFakeAiProvider,
  type FakeAiProviderServer,
} from "../../../test/fakes/ai-provider-server";
import { createTestDatabase, type TestDatabase } from "../../../test/helper";
import { ConfigError, DEFAULT_AI_CALL_LIMITS, loadConfig } from "../../config";
import { noKeysAi } from "../../../test/support/generation";
import {
  defaultChoice,
  getWriter,
  keyHint,
  listProviders,
  resolveAiChoice,
} from "./ai-provider.service";
import { LlmWriter } from "./llm-writer";

describe("AI configuration", () => {
  it("reads keys, base URLs and the compatible endpoint from the environment", () => {
    const config = loadConfig({
      OPENAI_API_KEY: "sk-env-key-1234567890",
      OPENAI_BASE_URL: "http://127.0.0.1:4010/v1/",
      GOOGLE_GENERATIVE_AI_API_KEY: "AIza-env-key-123456",
      GOOGLE_GENERATIVE_AI_BASE_URL: "https://proxy.example.com/v1beta",
      OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1",
      OPENAI_COMPATIBLE_MODEL: "llama3.1",
      OPENAI_COMPATIBLE_API_KEY: " ollama ",
    });
    expect(config.ai).toEqual({
      openai: { apiKey: "sk-env-key-1234567890", baseUrl: "http://127.0.0.1:4010/v1" },
      google: { apiKey: "AIza-env-key-123456", baseUrl: "https://proxy.example.com/v1beta" },
      compatible: { baseUrl: "http://127.0.0.1:11434/v1", model: "llama3.1", apiKey: "ollama" },
      limits: DEFAULT_AI_CALL_LIMITS,
    });
  });

  it("treats empty variables as unset", () => {
    const config = loadConfig({ OPENAI_API_KEY: " ", GOOGLE_GENERATIVE_AI_API_KEY: "" });
    expect(config.ai.openai.apiKey).toBeUndefined();
    expect(config.ai.google.apiKey).toBeUndefined();
    expect(config.ai.compatible).toBeUndefined();
  });

  it("names the variable when a base URL is not an http(s) URL", () => {
    expect(() => loadConfig({ OPENAI_BASE_URL: "ftp://example.com" })).toThrow(
      new ConfigError("Invalid configuration: OPENAI_BASE_URL must be an absolute http(s) URL."),
    );
    expect(() => loadConfig({ GOOGLE_GENERATIVE_AI_BASE_URL: "not a url" })).toThrow(
      /GOOGLE_GENERATIVE_AI_BASE_URL must be an absolute http\(s\) URL/,
    );
  });

  it("needs the compatible base URL and model together", () => {
    expect(() => loadConfig({ OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:8000/v1" })).toThrow(
      /OPENAI_COMPATIBLE_BASE_URL and OPENAI_COMPATIBLE_MODEL must be set together/,
    );
    expect(() => loadConfig({ OPENAI_COMPATIBLE_MODEL: "x" })).toThrow(ConfigError);
  });
});

describe("provider registry", () => {
  it("hints at a key by its last four characters only when it is long enough", () => {
    expect(keyHint("sk-abcdefghijklmnop1234")).toBe("1234");
    expect(keyHint("short-key")).toBeNull();
    expect(keyHint(undefined)).toBeNull();
  });

  it("picks the first provider with a key: OpenAI, then Google, then the compatible endpoint", () => {
    expect(defaultChoice(noKeysAi())).toEqual({
      provider: "builtin",
      model: "content-studio-writer-1",
    });
    expect(
      defaultChoice(noKeysAi({ google: { apiKey: "AIza-0123456789abc", baseUrl: undefined } })),
    ).toEqual({
      provider: "google",
      model: "gemini-1.5-pro",
    });
    expect(
      defaultChoice(
        noKeysAi({
          openai: { apiKey: "sk-0123456789abcdef", baseUrl: undefined },
          google: { apiKey: "AIza-0123456789abc", baseUrl: undefined },
        }),
      ),
    ).toEqual({ provider: "openai", model: "gpt-4o-mini" });
    expect(
      defaultChoice(
        noKeysAi({
          compatible: { baseUrl: "http://127.0.0.1:1/v1", model: "m", apiKey: undefined },
        }),
      ),
    ).toEqual({ provider: "compatible", model: "m" });
  });

  it("lists every provider, never with the key", () => {
    const key = "sk-listed-key-0123456789-WXYZ";
    const listed = listProviders(noKeysAi({ openai: { apiKey: key, baseUrl: undefined } }));
    expect(listed.map((p) => p.id)).toEqual(["openai", "google", "compatible", "builtin"]);
    expect(JSON.stringify(listed)).not.toContain(key.slice(0, -4));
    expect(listed[0]).toMatchObject({ available: true, keyHint: "WXYZ" });
  });
});

describe("getWriter", () => {
  let database: TestDatabase;
  let fake: FakeAiProviderServer;
  const KEY = "sk-wiring-test-0123456789";

  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
    fake = await startFakeAiProvider({ apiKey: KEY });
  });
  afterAll(async () => {
    await fake.close();
    await database.destroy();
  });
  beforeEach(() => fake.reset());

  it("calls the configured provider at the configured base URL with the server's key", async () => {
    const ctx = {
      db: database.db,
      config: { ai: noKeysAi({ openai: { apiKey: KEY, baseUrl: fake.openaiBaseUrl } }) },
    } as Parameters<typeof getWriter>[0];
    expect(await resolveAiChoice(ctx)).toEqual({ provider: "openai", model: "gpt-4o-mini" });
    const writer = await getWriter(ctx);
    expect(writer).toBeInstanceOf(LlmWriter);
    fake.enqueue(answer({ headline: "From the fake" }));
    const result = await writer.write({
      task: { kind: "draft" } as never,
      prompt: { system: "s", user: "u" },
      schema: z.object({ headline: z.string() }),
      maxOutputTokens: 100,
      signal: new AbortController().signal,
    });
    expect(result.object).toEqual({ headline: "From the fake" });
    expect(fake.requests[0]).toMatchObject({ path: "/v1/responses", model: "gpt-4o-mini" });
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});
