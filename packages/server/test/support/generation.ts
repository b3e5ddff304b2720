import type { AddressInfo } from "node:net";
import {
  GENERATION_DEFAULTS,
  type GenerateContentBody,
  type GenerationEvent,
  type Role,
} from "@content-studio/contract";
import { beforeEach } from "vitest";
import {
  DEFAULT_AI_CALL_LIMITS,
  type AiCallLimits,
  type AiConfig,
  type Config,
} from "../../src/config";
import { COMPANY_CATALOG } from "../../src/db/seed/reference-data";
import {
  buildTestApp,
  signInEach,
  testConfig,
  useBuilt,
  type Agent,
  type TestApp,
} from "../helper";
import { startFakeAiProvider, type FakeAiProviderServer } from "../fakes/ai-provider-server";
import { AI_PROVIDER_SETTING } from "../../src/modules/ai/ai-provider.service";
import { countLibraryItems } from "../../src/modules/library/library.repository";
import { GENERATION_SETTING } from "../../src/modules/settings/stored-settings";
import { writeSetting } from "../../src/modules/settings/settings.repository";

/** Shared by the generation and content route tests. */

export const OPENAI_TEST_KEY = "sk-test-generation-0123456789";

/** A complete, valid generation request. */
export const VALID_REQUEST = {
  personaId: "vp-engineering",
  industryId: "aerospace",
  buyingStage: "consideration",
  contentTopic: "Should-cost analysis in aerospace design reviews",
  contentType: "technical-guide",
  keyMetricsToInclude: [COMPANY_CATALOG.keyMetrics[0]!.label],
  featuredSolutions: ["NCS Design"],
  useBenchmarkExamples: true,
  performQualityCheck: true,
  autoRefine: false,
} satisfies GenerateContentBody;

/** A draft as a model would answer it. */
export function modelDraft(overrides: Record<string, string> = {}) {
  return {
    headline: "Should-cost reviews that catch aerospace cost overruns before design freeze",
    introduction:
      "Most aerospace programs discover cost problems after design freeze, when changes are slow and expensive. A should-cost review at each design gate moves that discovery earlier.",
    body: [
      "<h2>Why cost surprises arrive late</h2>",
      "<p>Engineers lock in most product cost during design, yet cost data usually arrives from procurement after release.</p>",
      "<h2>How a should-cost review works</h2>",
      "<ul><li>Set a target cost per part.</li><li>Model the process and material cost.</li><li>Review gaps at every gate.</li></ul>",
      "<h2>What to evaluate in a tool</h2>",
      `<p>Teams using design-stage costing report a ${COMPANY_CATALOG.keyMetrics[0]!.label}.</p>`,
    ].join(""),
    conclusion:
      "Download the should-cost evaluation checklist to compare approaches for your next program review.",
    imagePrompt: "Engineers reviewing a cost breakdown of an aircraft bracket",
    ...overrides,
  };
}

/** Call limits short enough for tests (no multi-second backoffs). */
export const FAST_AI_LIMITS = {
  ...DEFAULT_AI_CALL_LIMITS,
  totalTimeoutMs: 10_000,
  idleTimeoutMs: 3_000,
  maxRetries: 0,
  retryBaseDelayMs: 10,
};

/** AI configuration without any provider key, at the default limits; every field can be overridden. */
export function noKeysAi(overrides: Partial<AiConfig> = {}): AiConfig {
  return {
    openai: { apiKey: undefined, baseUrl: undefined },
    google: { apiKey: undefined, baseUrl: undefined },
    compatible: undefined,
    limits: { ...DEFAULT_AI_CALL_LIMITS },
    ...overrides,
  };
}

/** Configuration pointing OpenAI at the loopback fake, at FAST_AI_LIMITS changed by `limits`. */
export function openAiFakeConfig(
  fake: FakeAiProviderServer,
  overrides: Partial<Config> = {},
  limits: Partial<AiCallLimits> = {},
): Partial<Config> {
  const base = testConfig();
  return {
    ai: {
      ...base.ai,
      openai: { apiKey: OPENAI_TEST_KEY, baseUrl: fake.openaiBaseUrl },
      limits: { ...FAST_AI_LIMITS, ...limits },
    },
    ...overrides,
  };
}

/** Makes OpenAI (gpt-4o-mini) the current provider, as an admin would in Settings. */
export async function selectOpenAi(t: TestApp, model = "gpt-4o-mini"): Promise<void> {
  await writeSetting(t.db, AI_PROVIDER_SETTING, { provider: "openai", model }, null);
}

/**
 * An app on a fresh database whose current provider is OpenAI, answered by a loopback fake;
 * the app's close() closes the fake too. `editorReview: false` switches the editor's review off;
 * `limits` changes the call limits (see openAiFakeConfig).
 */
export async function buildOpenAiFakeApp(
  options: {
    config?: Partial<Config>;
    editorReview?: boolean;
    limits?: Partial<AiCallLimits>;
  } = {},
): Promise<{ t: TestApp; fake: FakeAiProviderServer }> {
  const fake = await startFakeAiProvider({ apiKey: OPENAI_TEST_KEY });
  const built = await buildTestApp({
    config: openAiFakeConfig(fake, options.config, options.limits),
  });
  await selectOpenAi(built);
  if (options.editorReview === false) await editorReviewOff(built);
  const close = async () => {
    await built.close();
    await fake.close();
  };
  return { t: { ...built, close }, fake };
}

/**
 * `const [t, fake, editor] = useOpenAiFakeApp(["editor"])` in a describe block: the app of
 * buildOpenAiFakeApp with one agent per role (signed in one at a time), built in a beforeAll and
 * closed with its fake in an afterAll; the fake is reset before each test. Stand-ins, as
 * useTestAppAs returns.
 */
export function useOpenAiFakeApp<const R extends readonly Role[]>(
  roles: R,
  options: Parameters<typeof buildOpenAiFakeApp>[0] = {},
): [TestApp, FakeAiProviderServer, ...{ [K in keyof R]: Agent }] {
  const built = useBuilt<[TestApp, FakeAiProviderServer, ...{ [K in keyof R]: Agent }]>(
    ["the test app", "the AI provider fake", ...roles.map((role) => `the ${role} agent`)],
    async () => {
      const { t, fake } = await buildOpenAiFakeApp(options);
      return [t, fake, ...(await signInEach(t, roles))];
    },
    ([t]) => t.close(),
  );
  beforeEach(() => built[1].reset());
  return built;
}

/**
 * Switches the editor's review off (an admin's save in Settings), for tests that count the
 * writing calls a provider receives; the review itself is tested in editor-review.routes.test.ts.
 */
export async function editorReviewOff(t: TestApp): Promise<void> {
  await writeSetting(
    t.db,
    GENERATION_SETTING,
    { ...GENERATION_DEFAULTS, editorReview: false },
    null,
  );
}

/** Makes the built-in writer the current provider (OpenAI is the default once it has a key). */
export async function selectBuiltin(t: TestApp): Promise<void> {
  await writeSetting(
    t.db,
    AI_PROVIDER_SETTING,
    { provider: "builtin", model: "content-studio-writer-1" },
    null,
  );
}

export function contentCount(t: TestApp): Promise<number> {
  return countLibraryItems(t.db);
}

/** Listens on a loopback port (for tests that need a real socket: streaming, disconnects). */
export async function listen(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** fetch() as the agent's signed-in browser tab. */
export function agentFetch(
  base: string,
  agent: Agent,
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", cookie: agent.cookieHeader },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
}

/** Every newline-delimited JSON event of a stream, as they arrive. */
export async function* ndjsonEvents(response: Response): AsyncGenerator<GenerationEvent> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const value of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(value, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) yield JSON.parse(line) as GenerationEvent;
      newline = buffer.indexOf("\n");
    }
  }
  if (buffer.trim()) yield JSON.parse(buffer) as GenerationEvent;
}

/** Polls until `check` holds (or fails after `timeoutMs`). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
