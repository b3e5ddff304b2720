import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { AI_PROVIDERS, type AiProviderId } from "@content-studio/contract";
import {
  APICallError,
  generateText,
  Output,
  RetryError,
  streamText,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
} from "ai";
import { z } from "zod";
import type { AiCallLimits, AiConfig } from "../../config";
import type { ProviderCallRecord } from "../../lib/metrics";
import {
  WriterError,
  type ModelCall,
  type ModelCaller,
  type Writer,
  type WriterCall,
  type WriterErrorKind,
  type WriterUsage,
} from "./writer";

/**
 * Writers backed by a language model through the AI SDK.
 *
 * - OpenAI: the Responses API (`POST /responses`, the SDK's default for `openai(model)` and
 *   OpenAI's recommended API for current models), with `store: false`.
 * - Google Gemini: `:generateContent` / `:streamGenerateContent?alt=sse`.
 * - OpenAI-compatible servers: Chat Completions (`POST /chat/completions`).
 *
 * Structured output: the zod schema goes to the provider as a JSON-schema response format
 * (non-strict, so constraints such as maxLength never make the provider refuse the request)
 * and into the system prompt; the reply is parsed and validated here. Models without
 * JSON-schema output (gpt-4, gpt-3.5-turbo, gemini-1.0-pro) get the schema in the prompt only.
 * A reply that fails validation gets one repair call that shows the model its output and the
 * problem; a second failure is `bad_output`.
 *
 * Retries are ours (the SDK runs with maxRetries: 0): at most `limits.maxRetries` after a 429,
 * 408/409, 5xx or network failure, waiting what the provider asks (retry-after-ms, Retry-After,
 * Gemini's RetryInfo.retryDelay) or an exponential backoff, never longer than
 * `limits.maxRetryWaitMs` and never past the total timeout. A streamed call is not retried
 * once text has reached `onDelta`.
 *
 * `onDelta` receives the model's raw text as it streams: the JSON of the answer, in pieces.
 * The repair call is not streamed.
 */

/** The pino-style logger a writer reports retries and repairs to (never with keys or bodies). */
export interface WriterLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const silentLogger: WriterLogger = { info: () => {}, warn: () => {} };

export type LlmProviderId = Exclude<AiProviderId, "builtin">;

/** Hears every finished provider call: its duration, tokens and failure kind (the metrics). */
export interface ProviderCallObserver {
  recordProviderCall(call: ProviderCallRecord): void;
}

export interface ProviderCallerOptions {
  provider: LlmProviderId;
  model: string;
  limits: AiCallLimits;
  log?: WriterLogger;
  observer?: ProviderCallObserver;
}

export interface LlmWriterOptions extends ProviderCallerOptions {
  languageModel: LanguageModel;
  /** The model accepts a JSON-schema response format; otherwise the schema is in the prompt only. */
  jsonSchemaOutput: boolean;
  providerOptions?: Parameters<typeof generateText>[0]["providerOptions"];
  /** Added to the caller's output budget (a reasoning budget the provider counts as output). */
  extraOutputTokens?: number;
}

const SERVICE: Record<LlmProviderId, { name: string; keyVariable: string }> = {
  openai: { name: "OpenAI", keyVariable: "OPENAI_API_KEY" },
  google: { name: "Google Gemini", keyVariable: "GOOGLE_GENERATIVE_AI_API_KEY" },
  compatible: {
    name: "The OpenAI-compatible endpoint",
    keyVariable: "OPENAI_COMPATIBLE_API_KEY",
  },
};

/** User-safe wording for each failure; never a key, a raw provider body or a stack. */
export function writerErrorMessage(
  kind: WriterErrorKind,
  provider: LlmProviderId,
  detail?: "model_not_found" | "rejected",
  model?: string,
): string {
  const { name, keyVariable } = SERVICE[provider];
  switch (kind) {
    case "auth":
      return provider === "compatible"
        ? `The OpenAI-compatible endpoint rejected the API key. Check ${keyVariable} on the server.`
        : `The ${name} API key was rejected. Check ${keyVariable} on the server.`;
    case "rate_limited":
      return `${name} is rate-limiting requests. Please try again in a minute.`;
    case "timeout":
      return "The AI provider took too long to respond. Please try again.";
    case "cancelled":
      return "Generation was cancelled.";
    case "bad_output":
      return "The AI provider returned content in an unexpected format. Please try again.";
    case "unavailable":
      if (detail === "model_not_found") {
        return `${name} does not offer the model "${model ?? ""}". Choose another model in Settings.`;
      }
      if (detail === "rejected") {
        return `${name} refused the request. Please try again, or choose another model in Settings.`;
      }
      return "The AI provider is unavailable right now. Please try again.";
  }
}

/** Whether the model takes a JSON-schema response format (older models only follow the prompt). */
export function supportsJsonSchemaOutput(provider: LlmProviderId, model: string): boolean {
  if (provider === "openai") return !/^gpt-(3\.5|4)(?![o.])/.test(model);
  if (provider === "google") return !/^gemini-1\.0/.test(model);
  return true;
}

/** Builds the writer for a provider and model from configuration (the key must be present). */
export function createLlmWriter(
  provider: LlmProviderId,
  model: string,
  ai: AiConfig,
  log?: WriterLogger,
  observer?: ProviderCallObserver,
): LlmWriter {
  const common = {
    provider,
    model,
    jsonSchemaOutput: supportsJsonSchemaOutput(provider, model),
    limits: ai.limits,
    log,
    observer,
  };
  switch (provider) {
    case "openai": {
      const openai = createOpenAI({ apiKey: ai.openai.apiKey, baseURL: ai.openai.baseUrl });
      return new LlmWriter({
        ...common,
        languageModel: openai.responses(model),
        providerOptions: { openai: { store: false, strictJsonSchema: false } },
      });
    }
    case "google": {
      const google = createGoogleGenerativeAI({
        apiKey: ai.google.apiKey,
        baseURL: ai.google.baseUrl,
      });
      // Gemini 2.5 "thinks" inside the output budget: keep that small so the JSON fits.
      const thinking = /^gemini-2\.5-flash/.test(model)
        ? { thinkingBudget: 0 }
        : /^gemini-2\.5/.test(model)
          ? { thinkingBudget: 512 }
          : undefined;
      return new LlmWriter({
        ...common,
        languageModel: google(model),
        ...(thinking ? { providerOptions: { google: { thinkingConfig: thinking } } } : {}),
        extraOutputTokens: thinking?.thinkingBudget ?? 0,
      });
    }
    case "compatible": {
      if (!ai.compatible) throw new Error("The OpenAI-compatible endpoint is not configured.");
      const compatible = createOpenAICompatible({
        name: "compatible",
        baseURL: ai.compatible.baseUrl,
        apiKey: ai.compatible.apiKey,
        supportsStructuredOutputs: true,
        includeUsage: true,
      });
      return new LlmWriter({
        ...common,
        languageModel: compatible.chatModel(model),
        providerOptions: { compatible: { strictJsonSchema: false } },
      });
    }
  }
}

interface Failure {
  kind: WriterErrorKind;
  retryable: boolean;
  retryAfterMs?: number;
  status?: number;
  detail?: "model_not_found" | "rejected";
}

export interface CallState {
  callerSignal: AbortSignal;
  totalSignal: AbortSignal;
  /** Caller and total timeout together: what every request and wait listens to. */
  signal: AbortSignal;
  deadline: number;
  usage: WriterUsage;
  deltasSent: boolean;
}

/**
 * What every provider call shares, text or image: the total timeout, our retries (with the
 * provider's requested wait), the mapping of failures to `WriterError` kinds with user-safe
 * messages, and logs without keys or bodies.
 */
export abstract class ProviderCaller {
  readonly provider: LlmProviderId;
  readonly model: string;
  readonly label: string;
  protected readonly log: WriterLogger;

  constructor(protected readonly base: ProviderCallerOptions) {
    this.provider = base.provider;
    this.model = base.model;
    this.label = AI_PROVIDERS[base.provider].label;
    this.log = base.log ?? silentLogger;
  }

  /** Runs `body` under the total timeout; `body` retries its requests with `withRetries`. */
  protected async withinDeadline<R>(
    callerSignal: AbortSignal,
    body: (state: CallState) => Promise<R>,
  ): Promise<R> {
    const { limits } = this.base;
    if (callerSignal.aborted) throw this.error({ kind: "cancelled", retryable: false });
    const total = new AbortController();
    const totalTimer = setTimeout(() => total.abort(), limits.totalTimeoutMs);
    const state: CallState = {
      callerSignal,
      totalSignal: total.signal,
      signal: AbortSignal.any([callerSignal, total.signal]),
      deadline: Date.now() + limits.totalTimeoutMs,
      usage: { inputTokens: 0, outputTokens: 0 },
      deltasSent: false,
    };
    const started = performance.now();
    let failure: string | undefined;
    try {
      return await body(state);
    } catch (error) {
      failure = error instanceof WriterError ? error.kind : "unavailable";
      throw error;
    } finally {
      clearTimeout(totalTimer);
      this.base.observer?.recordProviderCall({
        provider: this.provider,
        model: this.model,
        seconds: (performance.now() - started) / 1000,
        inputTokens: state.usage.inputTokens,
        outputTokens: state.usage.outputTokens,
        error: failure,
      });
    }
  }

  protected async withRetries<R>(state: CallState, attempt: () => Promise<R>): Promise<R> {
    const { limits } = this.base;
    for (let retry = 0; ; retry += 1) {
      try {
        return await attempt();
      } catch (error) {
        const failure = this.classify(error, state);
        const wait = failure.retryAfterMs ?? limits.retryBaseDelayMs * 2 ** retry;
        const context = {
          provider: this.provider,
          model: this.model,
          kind: failure.kind,
          status: failure.status,
          attempt: retry + 1,
          // The error's class only: SDK messages can quote the provider's response body.
          error: error instanceof Error ? error.name : typeof error,
        };
        if (!failure.retryable || retry >= limits.maxRetries || state.deltasSent) {
          this.log.warn(context, "AI provider call failed");
          throw this.error(failure);
        }
        if (wait > limits.maxRetryWaitMs || Date.now() + wait >= state.deadline) {
          this.log.warn(
            { ...context, waitMs: wait },
            "AI provider asks for a longer wait than allowed",
          );
          throw this.error(failure);
        }
        this.log.warn({ ...context, waitMs: wait }, "AI provider call failed; retrying");
        try {
          await sleep(wait, state.signal);
        } catch {
          throw this.error(this.classify(undefined, state));
        }
      }
    }
  }

  protected classify(error: unknown, state: CallState): Failure {
    if (error instanceof WriterError) return { kind: error.kind, retryable: false };
    if (state.callerSignal.aborted) return { kind: "cancelled", retryable: false };
    if (state.totalSignal.aborted) return { kind: "timeout", retryable: false };
    let cause = error;
    if (RetryError.isInstance(cause)) cause = cause.lastError;
    if (APICallError.isInstance(cause)) {
      const status = cause.statusCode;
      if (status === 401 || status === 403) return { kind: "auth", retryable: false, status };
      if (
        status === 400 &&
        this.provider === "google" &&
        /API_KEY_INVALID|API key not valid/i.test(cause.responseBody ?? "")
      ) {
        return { kind: "auth", retryable: false, status };
      }
      if (status === 429) {
        return {
          kind: "rate_limited",
          retryable: true,
          status,
          retryAfterMs: retryDelayMs(cause.responseHeaders, cause.responseBody),
        };
      }
      if (status === 404) {
        return { kind: "unavailable", retryable: false, status, detail: "model_not_found" };
      }
      if (
        status !== undefined &&
        status >= 400 &&
        status < 500 &&
        status !== 408 &&
        status !== 409
      ) {
        return { kind: "unavailable", retryable: false, status, detail: "rejected" };
      }
      return {
        kind: "unavailable",
        retryable: true,
        status,
        retryAfterMs: retryDelayMs(cause.responseHeaders, cause.responseBody),
      };
    }
    // Network failures, broken streams and in-stream error events.
    return { kind: "unavailable", retryable: true };
  }

  protected error(failure: Failure): WriterError {
    return new WriterError(
      failure.kind,
      writerErrorMessage(failure.kind, this.provider, failure.detail, this.model),
    );
  }
}

export class LlmWriter extends ProviderCaller implements Writer, ModelCaller {
  constructor(private readonly options: LlmWriterOptions) {
    super(options);
  }

  /** A writing task: the model only reads the prompt, so this is {@link ask} with the task aside. */
  write<T>(call: WriterCall<T>): Promise<{ object: T; usage: WriterUsage }> {
    return this.ask(call);
  }

  async ask<T>(call: ModelCall<T>): Promise<{ object: T; usage: WriterUsage }> {
    return this.withinDeadline(call.signal, async (state) => {
      const system = `${call.prompt.system}\n\n${jsonInstruction(call.schema)}`;
      const messages: ModelMessage[] = [{ role: "user", content: call.prompt.user }];
      const first = await this.withRetries(state, () =>
        this.request(call, system, messages, state, call.onDelta),
      );
      const parsed = parseStructured(first, call.schema);
      if (parsed.ok) return { object: parsed.value, usage: state.usage };

      this.log.warn(
        { provider: this.provider, model: this.model, problem: parsed.kind },
        "AI output did not match the schema; asking the model for a repair",
      );
      const repairMessages: ModelMessage[] = [
        ...messages,
        { role: "assistant", content: first.slice(0, 30_000) },
        { role: "user", content: repairInstruction(parsed.problem) },
      ];
      const second = await this.withRetries(state, () =>
        this.request(call, system, repairMessages, state, undefined),
      );
      const repaired = parseStructured(second, call.schema);
      if (repaired.ok) return { object: repaired.value, usage: state.usage };
      this.log.warn(
        { provider: this.provider, model: this.model, problem: repaired.kind },
        "AI output still did not match the schema after the repair attempt",
      );
      throw this.error({ kind: "bad_output", retryable: false });
    });
  }

  /** One HTTP call; returns the model's text. */
  private async request<T>(
    call: ModelCall<T>,
    system: string,
    messages: ModelMessage[],
    state: CallState,
    onDelta: ((text: string) => void) | undefined,
  ): Promise<string> {
    const settings = {
      model: this.options.languageModel,
      system,
      messages,
      maxOutputTokens: call.maxOutputTokens + (this.options.extraOutputTokens ?? 0),
      maxRetries: 0,
      providerOptions: this.options.providerOptions,
      ...(this.options.jsonSchemaOutput ? { output: schemaFormatOutput(call.schema) } : {}),
    };
    if (!onDelta) {
      const result = await generateText({ ...settings, abortSignal: state.signal });
      addUsage(state.usage, result.usage);
      return result.text;
    }

    const idle = new AbortController();
    const idleMs = this.options.limits.idleTimeoutMs;
    let idleTimer = setTimeout(() => idle.abort(), idleMs);
    const keepAlive = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => idle.abort(), idleMs);
    };
    let text = "";
    let streamError: unknown;
    try {
      const result = streamText({
        ...settings,
        abortSignal: AbortSignal.any([state.signal, idle.signal]),
        // Raw parts arrive for every provider chunk (usage and finish chunks too), so the idle
        // timer measures silence on the wire, not only gaps between text deltas.
        includeRawChunks: true,
        // Errors arrive as `error` parts below; the default handler would print them.
        onError: () => {},
      });
      for await (const part of result.fullStream) {
        keepAlive();
        if (part.type === "text-delta" && part.text) {
          text += part.text;
          state.deltasSent = true;
          onDelta(part.text);
        } else if (part.type === "error") {
          streamError ??= part.error;
        } else if (part.type === "finish") {
          addUsage(state.usage, part.totalUsage);
        }
      }
    } catch (error) {
      streamError ??= error;
    } finally {
      clearTimeout(idleTimer);
    }
    if (idle.signal.aborted && !state.signal.aborted) {
      this.log.warn(
        { provider: this.provider, model: this.model, idleMs },
        "AI provider stream went quiet; giving up",
      );
      throw this.error({ kind: "timeout", retryable: false });
    }
    if (state.signal.aborted) throw this.error(this.classify(undefined, state));
    if (streamError !== undefined) throw streamError;
    return text;
  }
}

/** The writer as a model that answers any structured call; none for the offline outline writer. */
export function modelCallerOf(writer: Writer): ModelCaller | undefined {
  return writer instanceof LlmWriter ? writer : undefined;
}

/**
 * How long the provider asks us to wait: `retry-after-ms`, `Retry-After` (seconds or an HTTP
 * date) or, for Gemini, `RetryInfo.retryDelay` ("12s", "0.5s") in the JSON error body.
 */
export function retryDelayMs(
  headers: Record<string, string> | undefined,
  body: string | undefined,
  now: number = Date.now(),
): number | undefined {
  const header = (name: string) =>
    Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
  const ms = Number.parseFloat(header("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return Math.ceil(ms);
  const retryAfter = header("retry-after")?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  if (body) {
    try {
      const details = (JSON.parse(body) as { error?: { details?: unknown } }).error?.details;
      if (Array.isArray(details)) {
        for (const detail of details as Record<string, unknown>[]) {
          const delay = detail?.retryDelay;
          if (
            typeof detail?.["@type"] === "string" &&
            detail["@type"].endsWith("RetryInfo") &&
            typeof delay === "string"
          ) {
            const seconds = /^(\d+(?:\.\d+)?)s$/.exec(delay.trim());
            if (seconds) return Math.ceil(Number(seconds[1]) * 1000);
          }
        }
      }
    } catch {
      return undefined;
    }
  }
  return undefined;
}

type ParseResult<T> =
  | { ok: true; value: T }
  | { ok: false; kind: "no_json" | "invalid_json" | "schema_mismatch"; problem: string };

/** Finds the JSON object in a reply (tolerating markdown fences) and validates it. */
export function parseStructured<T>(text: string, schema: z.ZodType<T>): ParseResult<T> {
  let candidate = text.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(candidate);
  if (fenced) candidate = fenced[1]!;
  if (!candidate.startsWith("{")) {
    const start = candidate.indexOf("{");
    const end = candidate.lastIndexOf("}");
    if (start === -1 || end <= start) {
      return { ok: false, kind: "no_json", problem: "The reply did not contain a JSON object." };
    }
    candidate = candidate.slice(start, end + 1);
  }
  let value: unknown;
  try {
    value = JSON.parse(candidate);
  } catch (error) {
    return {
      ok: false,
      kind: "invalid_json",
      problem: `The reply was not valid JSON (${(error as Error).message}).`,
    };
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 12)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("; ");
    return {
      ok: false,
      kind: "schema_mismatch",
      problem: `The JSON did not match the schema: ${issues}.`,
    };
  }
  return { ok: true, value: result.data };
}

function describeSchema(schema: z.ZodType): string {
  try {
    const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, {
      unrepresentable: "any",
    }) as Record<string, unknown>;
    return `\n${JSON.stringify(jsonSchema)}`;
  } catch {
    return "";
  }
}

function jsonInstruction(schema: z.ZodType): string {
  const described = describeSchema(schema);
  return (
    "Reply with one JSON object and nothing else: no markdown fences, no commentary. " +
    `It must match this JSON Schema:${described}`
  );
}

function repairInstruction(problem: string): string {
  return (
    `Your previous reply could not be used. ${problem}\n` +
    "Reply again with the complete, corrected JSON object only: no markdown fences, no " +
    "commentary. Keep the content; change only what the schema requires."
  );
}

/** Plain-text output whose request carries the schema as the JSON response format. */
function schemaFormatOutput(schema: z.ZodType) {
  return {
    ...Output.text(),
    responseFormat: Output.object({ schema, name: "content" }).responseFormat,
  };
}

function addUsage(total: WriterUsage, usage: LanguageModelUsage | undefined) {
  total.inputTokens += usage?.inputTokens ?? 0;
  total.outputTokens += usage?.outputTokens ?? 0;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error("aborted"));
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error("aborted"));
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
