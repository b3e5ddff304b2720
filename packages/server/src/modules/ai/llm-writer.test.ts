import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  answer,
  drop,
  MALFORMED_JSON,
  rateLimit,
  reset,
  stall,
  startFakeAiProvider,
  status,
  XSS_DRAFT,
  type FakeAiProviderServer,
} from "../../../test/fakes/ai-provider-server";
import { DEFAULT_AI_CALL_LIMITS, type AiCallLimits, type AiConfig } from "../../config";
import { sanitizeRichHtml } from "../../lib/html";
import {
  createLlmWriter,
  parseStructured,
  retryDelayMs,
  supportsJsonSchemaOutput,
  type LlmProviderId,
  type WriterLogger,
} from "./llm-writer";
import { WriterError, type WriterCall } from "./writer";

const KEY = "sk-test-0123456789abcdefWXYZ";

const DraftSchema = z.object({
  headline: z.string().min(1).max(300),
  introduction: z.string().min(1),
  body: z.string().min(1),
  conclusion: z.string().min(1),
  imagePrompt: z.string(),
});
type Draft = z.infer<typeof DraftSchema>;

const DRAFT: Draft = {
  headline: "Design-to-cost for aerospace programs",
  introduction: "Cost is locked in early.",
  body: "<h2>Why</h2><p>Late changes are expensive.</p><ul><li>Fewer ECOs</li></ul>",
  conclusion: "Read the benchmark report.",
  imagePrompt: "Engineers reviewing a cost model",
};

/**
 * Fast limits: tests wait milliseconds, not seconds. The idle limit is 2 s: at 300 ms a loaded
 * machine (load 10+ beside lint and the journeys) timed out a stream whose fake answered 500 at
 * once; the tests of the idle timer set their own.
 */
const FAST: AiCallLimits = {
  totalTimeoutMs: 5_000,
  idleTimeoutMs: 2_000,
  maxRetries: 2,
  maxRetryWaitMs: 2_000,
  retryBaseDelayMs: 20,
};

const MODELS: Record<LlmProviderId, string> = {
  openai: "gpt-4o-mini",
  compatible: "llama-3.1-8b-instruct",
  google: "gemini-1.5-pro",
};

const PATHS: Record<LlmProviderId, { plain: RegExp; stream: RegExp }> = {
  openai: { plain: /^\/v1\/responses$/, stream: /^\/v1\/responses$/ },
  compatible: {
    plain: /^\/compat\/v1\/chat\/completions$/,
    stream: /^\/compat\/v1\/chat\/completions$/,
  },
  google: {
    plain: /^\/v1beta\/models\/gemini-1\.5-pro:generateContent$/,
    stream: /^\/v1beta\/models\/gemini-1\.5-pro:streamGenerateContent$/,
  },
};

function recordingLogger() {
  const lines: string[] = [];
  const log: WriterLogger = {
    info: (obj, msg) => lines.push(JSON.stringify({ ...obj, msg })),
    warn: (obj, msg) => lines.push(JSON.stringify({ ...obj, msg })),
  };
  return { log, lines };
}

function aiConfig(fake: FakeAiProviderServer, key: string, limits: AiCallLimits): AiConfig {
  return {
    openai: { apiKey: key, baseUrl: fake.openaiBaseUrl },
    google: { apiKey: key, baseUrl: fake.googleBaseUrl },
    compatible: { baseUrl: fake.compatibleBaseUrl, model: MODELS.compatible, apiKey: key },
    limits,
  };
}

function call(overrides: Partial<WriterCall<Draft>> = {}): WriterCall<Draft> {
  return {
    task: { kind: "draft" } as WriterCall<Draft>["task"],
    prompt: { system: "You write B2B marketing copy.", user: "Write about design-to-cost." },
    schema: DraftSchema,
    maxOutputTokens: 2_000,
    signal: new AbortController().signal,
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<WriterError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(WriterError);
    return error as WriterError;
  }
  throw new Error("expected the call to fail");
}

let fake: FakeAiProviderServer;

beforeAll(async () => {
  fake = await startFakeAiProvider({ apiKey: KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe.each(["openai", "compatible", "google"] as const)("%s writer", (provider) => {
  const writer = (
    options: { limits?: Partial<AiCallLimits>; key?: string; log?: WriterLogger } = {},
  ) =>
    createLlmWriter(
      provider,
      MODELS[provider],
      aiConfig(fake, options.key ?? KEY, { ...FAST, ...options.limits }),
      options.log,
    );

  it("returns the structured answer of a plain call, with usage", async () => {
    fake.enqueue(answer(DRAFT));
    const result = await writer().write(call());
    expect(result.object).toEqual(DRAFT);
    expect(result.usage).toEqual({ inputTokens: 120, outputTokens: 80 });
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.path).toMatch(PATHS[provider].plain);
    expect(request.stream).toBe(false);
    expect(request.model).toBe(MODELS[provider]);
    expect(request.promptText).toContain("Write about design-to-cost.");
    expect(request.promptText).toContain("It must match this JSON Schema");
    if (provider === "google") {
      expect(request.headers["x-goog-api-key"]).toBe(KEY);
      expect(request.body.generationConfig).toMatchObject({
        responseMimeType: "application/json",
        maxOutputTokens: 2_000,
      });
    } else {
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    }
    if (provider === "openai") {
      expect(request.body).toMatchObject({
        store: false,
        max_output_tokens: 2_000,
        text: { format: { type: "json_schema", strict: false } },
      });
    }
    if (provider === "compatible") {
      expect(request.body).toMatchObject({
        max_tokens: 2_000,
        response_format: { type: "json_schema", json_schema: { strict: false } },
      });
    }
  });

  it("streams text deltas to onDelta and returns the parsed answer", async () => {
    fake.enqueue(answer(DRAFT, { chunks: 6 }));
    const deltas: string[] = [];
    const result = await writer().write(call({ onDelta: (text) => deltas.push(text) }));
    expect(result.object).toEqual(DRAFT);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(JSON.stringify(DRAFT));
    expect(result.usage).toEqual({ inputTokens: 120, outputTokens: 80 });
    expect(fake.requests[0]!.stream).toBe(true);
    expect(fake.requests[0]!.path).toMatch(PATHS[provider].stream);
  });

  it("maps a rejected key to an auth error without retrying or leaking the key", async () => {
    const { log, lines } = recordingLogger();
    const wrongKey = "sk-wrong-key-that-must-never-leak-9876";
    const error = await failure(writer({ key: wrongKey, log }).write(call()));
    expect(error.kind).toBe("auth");
    expect(error.message).toBe(
      {
        openai: "The OpenAI API key was rejected. Check OPENAI_API_KEY on the server.",
        google:
          "The Google Gemini API key was rejected. Check GOOGLE_GENERATIVE_AI_API_KEY on the server.",
        compatible:
          "The OpenAI-compatible endpoint rejected the API key. Check OPENAI_COMPATIBLE_API_KEY on the server.",
      }[provider],
    );
    expect(fake.requests).toHaveLength(1);
    expect(error.message).not.toContain(wrongKey);
    expect(lines.join("\n")).not.toContain(wrongKey);
    expect(lines.join("\n")).not.toContain("Incorrect API key");
  });

  it("maps an explicit 401 to auth with one request", async () => {
    fake.enqueue(status(401));
    const error = await failure(writer().write(call()));
    expect(error.kind).toBe("auth");
    expect(fake.requests).toHaveLength(1);
  });

  it("honours the provider's retry delay on a 429, then succeeds", async () => {
    fake.enqueue(
      provider === "google"
        ? rateLimit({ retryDelay: "0.3s" })
        : rateLimit({ retryAfterMs: 300, retryAfter: "1" }),
      answer(DRAFT),
    );
    const started = Date.now();
    const result = await writer().write(call());
    expect(result.object).toEqual(DRAFT);
    expect(fake.requests).toHaveLength(2);
    const gap = fake.requests[1]!.receivedAt - fake.requests[0]!.receivedAt;
    expect(gap).toBeGreaterThanOrEqual(280);
    expect(gap).toBeLessThan(1_500);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("honours a Retry-After in seconds", async () => {
    fake.enqueue(
      provider === "google" ? rateLimit({ retryDelay: "1s" }) : rateLimit({ retryAfter: "1" }),
      answer(DRAFT),
    );
    const result = await writer().write(call());
    expect(result.object).toEqual(DRAFT);
    const gap = fake.requests[1]!.receivedAt - fake.requests[0]!.receivedAt;
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(gap).toBeLessThan(2_000);
  });

  it("fails fast with rate_limited when the provider asks for a longer wait than allowed", async () => {
    fake.enqueue(
      provider === "google" ? rateLimit({ retryDelay: "45s" }) : rateLimit({ retryAfter: "120" }),
    );
    const started = Date.now();
    const error = await failure(writer().write(call()));
    expect(error.kind).toBe("rate_limited");
    expect(error.message).toMatch(/is rate-limiting requests\. Please try again in a minute\.$/);
    expect(fake.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("gives up with rate_limited after the bounded retries", async () => {
    fake.setDefault(
      provider === "google" ? rateLimit({ retryDelay: "0.05s" }) : rateLimit({ retryAfterMs: 50 }),
    );
    const error = await failure(writer().write(call()));
    expect(error.kind).toBe("rate_limited");
    expect(fake.requests).toHaveLength(3);
  });

  it("retries a 500 with backoff, then reports unavailable", async () => {
    fake.setDefault(status(500));
    const error = await failure(writer().write(call()));
    expect(error.kind).toBe("unavailable");
    expect(error.message).toBe("The AI provider is unavailable right now. Please try again.");
    expect(fake.requests).toHaveLength(3);
    const [a, b, c] = fake.requests.map((r) => r.receivedAt);
    expect(b! - a!).toBeGreaterThanOrEqual(15);
    expect(c! - b!).toBeGreaterThanOrEqual(35);
  });

  it("recovers when a retry after a 503 succeeds", async () => {
    fake.enqueue(status(503), answer(DRAFT));
    const result = await writer().write(call());
    expect(result.object).toEqual(DRAFT);
    expect(fake.requests).toHaveLength(2);
  });

  it("reports a failed stream (500 before the first chunk) instead of empty text", async () => {
    fake.setDefault(status(500));
    const deltas: string[] = [];
    const error = await failure(writer().write(call({ onDelta: (t) => deltas.push(t) })));
    expect(error.kind).toBe("unavailable");
    expect(deltas).toEqual([]);
    expect(fake.requests).toHaveLength(3);
  });

  it("retries a dropped connection, then reports unavailable", async () => {
    fake.setDefault(reset());
    const error = await failure(writer().write(call()));
    expect(error.kind).toBe("unavailable");
    expect(fake.requests).toHaveLength(3);
  });

  it("does not retry a stream that broke after text was sent to onDelta", async () => {
    fake.enqueue(drop('{"headline": "Cost'), answer(DRAFT));
    const deltas: string[] = [];
    const error = await failure(writer().write(call({ onDelta: (t) => deltas.push(t) })));
    expect(error.kind).toBe("unavailable");
    expect(deltas.join("")).toBe('{"headline": "Cost');
    expect(fake.requests).toHaveLength(1);
  });

  it("times out a stalled stream after the idle time", async () => {
    fake.enqueue(stall());
    const started = Date.now();
    const error = await failure(
      writer({ limits: { idleTimeoutMs: 250 } }).write(call({ onDelta: () => {} })),
    );
    const elapsed = Date.now() - started;
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("The AI provider took too long to respond. Please try again.");
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(elapsed).toBeLessThan(1_500);
    expect(fake.requests).toHaveLength(1);
    await expect.poll(() => fake.requests[0]!.abortedAt).toBeDefined();
  });

  it("keeps a slow but steady stream alive: the idle timer restarts on every chunk", async () => {
    // 8 chunks 100 ms apart outlast the 500 ms idle time, and each gap is far inside it (a
    // loaded machine can delay a timer by a few hundred ms).
    fake.enqueue(answer(DRAFT, { chunks: 8, chunkDelayMs: 100 }));
    const started = Date.now();
    const result = await writer({ limits: { idleTimeoutMs: 500 } }).write(
      call({ onDelta: () => {} }),
    );
    expect(result.object).toEqual(DRAFT);
    expect(Date.now() - started).toBeGreaterThan(500);
  });

  it("times out a call that exceeds the total time", async () => {
    fake.enqueue(answer(DRAFT, { delayMs: 3_000 }));
    const started = Date.now();
    const error = await failure(writer({ limits: { totalTimeoutMs: 300 } }).write(call()));
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("makes one repair call for malformed JSON, then reports bad_output", async () => {
    fake.setDefault(answer(MALFORMED_JSON));
    const error = await failure(writer().write(call()));
    expect(error.kind).toBe("bad_output");
    expect(error.message).toBe(
      "The AI provider returned content in an unexpected format. Please try again.",
    );
    expect(fake.requests).toHaveLength(2);
    const repair = fake.requests[1]!.promptText;
    expect(repair).toContain(MALFORMED_JSON);
    expect(repair).toContain("Your previous reply could not be used. The reply was not valid JSON");
  });

  it("accepts a repaired answer after a schema mismatch", async () => {
    fake.enqueue(answer({ ...DRAFT, headline: "" }), answer(DRAFT));
    const result = await writer().write(call());
    expect(result.object).toEqual(DRAFT);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.promptText).toContain("headline:");
    expect(result.usage).toEqual({ inputTokens: 240, outputTokens: 160 });
  });

  it("stops the request when the caller aborts", async () => {
    fake.enqueue(answer(DRAFT, { delayMs: 5_000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await failure(writer().write(call({ signal: controller.signal })));
    expect(error.kind).toBe("cancelled");
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect.poll(() => fake.requests[0]?.abortedAt).toBeDefined();
    expect(fake.requests).toHaveLength(1);
  });

  it("stops a stream when the caller aborts", async () => {
    fake.enqueue(stall());
    const controller = new AbortController();
    const deltas: string[] = [];
    // The caller aborts once the stream's first text has arrived (a fixed 100 ms came before it
    // at a load of 9).
    const onDelta = (text: string) => {
      deltas.push(text);
      controller.abort();
    };
    const error = await failure(
      writer({ limits: { idleTimeoutMs: 5_000 } }).write(
        call({ signal: controller.signal, onDelta }),
      ),
    );
    expect(error.kind).toBe("cancelled");
    expect(deltas.length).toBe(1);
    await expect.poll(() => fake.requests[0]?.abortedAt).toBeDefined();
  });

  it("never calls the provider when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(writer().write(call({ signal: controller.signal })));
    expect(error.kind).toBe("cancelled");
    expect(fake.requests).toHaveLength(0);
  });

  it("names the model when the provider does not offer it (404, no retry)", async () => {
    fake.enqueue(status(404));
    const error = await failure(writer().write(call()));
    expect(error.kind).toBe("unavailable");
    expect(error.message).toContain(`does not offer the model "${MODELS[provider]}"`);
    expect(fake.requests).toHaveLength(1);
  });

  it("passes model HTML through for the caller to sanitise", async () => {
    fake.enqueue(answer(XSS_DRAFT));
    const result = await writer().write(call());
    expect(result.object.body).toBe(XSS_DRAFT.body);
    const clean = sanitizeRichHtml(result.object.body);
    expect(clean).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
    expect(clean).toContain("<h2>Why it matters</h2>");
  });
});

describe("prompt-only structured output", () => {
  it("sends no JSON-schema format to models without it, and parses fenced JSON", async () => {
    fake.enqueue(answer("Here you go:\n```json\n" + JSON.stringify(DRAFT) + "\n```"));
    const writer = createLlmWriter("openai", "gpt-4", aiConfig(fake, KEY, FAST));
    const result = await writer.write(call());
    expect(result.object).toEqual(DRAFT);
    expect(fake.requests[0]!.body.text).toBeUndefined();
    expect(fake.requests[0]!.promptText).toContain('"headline"');
  });

  it("knows which models take a JSON-schema response format", () => {
    expect(supportsJsonSchemaOutput("openai", "gpt-4o-mini")).toBe(true);
    expect(supportsJsonSchemaOutput("openai", "gpt-4o")).toBe(true);
    expect(supportsJsonSchemaOutput("openai", "gpt-4.1-mini")).toBe(true);
    expect(supportsJsonSchemaOutput("openai", "gpt-4")).toBe(false);
    expect(supportsJsonSchemaOutput("openai", "gpt-4-turbo")).toBe(false);
    expect(supportsJsonSchemaOutput("openai", "gpt-3.5-turbo")).toBe(false);
    expect(supportsJsonSchemaOutput("google", "gemini-1.5-flash")).toBe(true);
    expect(supportsJsonSchemaOutput("google", "gemini-1.0-pro")).toBe(false);
  });
});

describe("Gemini 2.5 thinking budget", () => {
  it("keeps thinking small and adds it to the output budget", async () => {
    fake.enqueue(answer(DRAFT), answer(DRAFT));
    await createLlmWriter("google", "gemini-2.5-flash", aiConfig(fake, KEY, FAST)).write(call());
    await createLlmWriter("google", "gemini-2.5-pro", aiConfig(fake, KEY, FAST)).write(call());
    expect(fake.requests[0]!.body.generationConfig).toMatchObject({
      maxOutputTokens: 2_000,
      thinkingConfig: { thinkingBudget: 0 },
    });
    expect(fake.requests[1]!.body.generationConfig).toMatchObject({
      maxOutputTokens: 2_512,
      thinkingConfig: { thinkingBudget: 512 },
    });
  });
});

describe("retryDelayMs", () => {
  it("reads retry-after-ms, Retry-After seconds and dates, and Gemini's RetryInfo", () => {
    expect(retryDelayMs({ "retry-after-ms": "250.5" }, undefined)).toBe(251);
    expect(retryDelayMs({ "Retry-After": "3" }, undefined)).toBe(3_000);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryDelayMs({ "retry-after": "Thu, 01 Jan 2026 00:00:05 GMT" }, undefined, now)).toBe(
      5_000,
    );
    const gemini = JSON.stringify({
      error: {
        code: 429,
        details: [
          { "@type": "type.googleapis.com/google.rpc.QuotaFailure" },
          { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "17s" },
        ],
      },
    });
    expect(retryDelayMs({}, gemini)).toBe(17_000);
    expect(retryDelayMs({}, "not json")).toBeUndefined();
    expect(retryDelayMs(undefined, undefined)).toBeUndefined();
  });
});

describe("parseStructured", () => {
  it("accepts bare, fenced and embedded JSON and explains failures", () => {
    const text = JSON.stringify(DRAFT);
    expect(parseStructured(text, DraftSchema)).toEqual({ ok: true, value: DRAFT });
    expect(parseStructured("```json\n" + text + "\n```", DraftSchema).ok).toBe(true);
    expect(parseStructured("Sure! " + text + " Hope it helps.", DraftSchema).ok).toBe(true);
    expect(parseStructured("no json here", DraftSchema)).toMatchObject({ kind: "no_json" });
    expect(parseStructured(MALFORMED_JSON, DraftSchema)).toMatchObject({ kind: "invalid_json" });
    expect(parseStructured(JSON.stringify({ headline: "x" }), DraftSchema)).toMatchObject({
      kind: "schema_mismatch",
    });
  });
});

it("uses the documented default limits", () => {
  expect(DEFAULT_AI_CALL_LIMITS).toEqual({
    totalTimeoutMs: 90_000,
    idleTimeoutMs: 20_000,
    maxRetries: 2,
    maxRetryWaitMs: 20_000,
    retryBaseDelayMs: 1_000,
    reviewTimeoutMs: 20_000,
  });
});
