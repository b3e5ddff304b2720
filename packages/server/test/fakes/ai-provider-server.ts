import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback AI provider that speaks the real wire formats the AI SDK uses:
 * OpenAI Responses (`POST …/responses`), Chat Completions (`POST …/chat/completions`, also
 * what OpenAI-compatible servers speak) and Gemini (`POST …/models/{id}:generateContent` and
 * `:streamGenerateContent?alt=sse`). Each request takes the next queued behaviour (else the
 * default); whether the answer is plain JSON or SSE follows the request, as real servers do.
 *
 *   const fake = await startFakeAiProvider({ apiKey: "sk-test-…" });
 *   fake.enqueue(rateLimit({ retryAfterMs: 200 }), answer({ headline: "…" }));
 *   createOpenAI({ baseURL: fake.openaiBaseUrl, apiKey: "sk-test-…" })
 */

/** OpenAI Responses, Chat Completions, Gemini, and OpenAI image generation. */
export type WireFormat = "responses" | "chat" | "gemini" | "images";

export type FakeBehaviour =
  /** A successful answer whose model text is `text` (structured output = the JSON as a string). */
  | {
      kind: "answer";
      text: string;
      /** Number of streamed text deltas (default 4). */
      chunks?: number;
      /** Wait before the response starts (benchmarks, cancellation tests). */
      delayMs?: number;
      /** Wait between streamed chunks. */
      chunkDelayMs?: number;
      usage?: { inputTokens: number; outputTokens: number };
    }
  /** Any status with a body in the provider's error shape (or `body` as given). */
  | { kind: "status"; status: number; body?: unknown; headers?: Record<string, string> }
  /** 429 with `Retry-After` (seconds or date), `retry-after-ms`, and/or Gemini's RetryInfo.retryDelay (e.g. "0.2s"). */
  | { kind: "rate-limit"; retryAfter?: string; retryAfterMs?: number; retryDelay?: string }
  /** Sends the headers and one chunk (streamed) or half a body (plain), then nothing. */
  | { kind: "stall"; text?: string }
  /** Sends the headers and one chunk, then destroys the connection. */
  | { kind: "drop"; text?: string }
  /** Destroys the connection before answering (a network failure). */
  | { kind: "reset" };

export interface RecordedRequest {
  format: WireFormat;
  method: string;
  path: string;
  query: URLSearchParams;
  /** Header names lower-cased. Tests may read the key here; never log it. */
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  stream: boolean;
  /** Model id from the body (OpenAI) or the path (Gemini). */
  model: string;
  /** The model-facing text of the request (all message contents joined), for assertions. */
  promptText: string;
  receivedAt: number;
  /** When the connection closed before the answer was complete (client aborted). */
  abortedAt?: number;
  finishedAt?: number;
}

export interface FakeAiProviderServer {
  /** `http://127.0.0.1:{port}` */
  url: string;
  /** For `createOpenAI({ baseURL })` and OPENAI_BASE_URL. */
  openaiBaseUrl: string;
  /** For `createGoogleGenerativeAI({ baseURL })` and GOOGLE_GENERATIVE_AI_BASE_URL. */
  googleBaseUrl: string;
  /** For `createOpenAICompatible({ baseURL })` and OPENAI_COMPATIBLE_BASE_URL. */
  compatibleBaseUrl: string;
  requests: RecordedRequest[];
  /** Behaviours for the next requests, in order. */
  enqueue(...behaviours: FakeBehaviour[]): void;
  /** What requests get when the queue is empty (default: a 500). */
  setDefault(behaviour: FakeBehaviour | ((request: RecordedRequest) => FakeBehaviour)): void;
  /** Clears the queue, the default and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

/** A successful answer: objects are sent as their JSON text, as structured output is. */
export const answer = (
  value: unknown,
  options: Omit<Extract<FakeBehaviour, { kind: "answer" }>, "kind" | "text"> = {},
): FakeBehaviour => ({
  kind: "answer",
  text: typeof value === "string" ? value : JSON.stringify(value),
  ...options,
});
export const status = (code: number, body?: unknown): FakeBehaviour => ({
  kind: "status",
  status: code,
  body,
});
export const rateLimit = (
  options: Omit<Extract<FakeBehaviour, { kind: "rate-limit" }>, "kind"> = {},
): FakeBehaviour => ({ kind: "rate-limit", ...options });
export const stall = (text?: string): FakeBehaviour => ({ kind: "stall", text });
export const drop = (text?: string): FakeBehaviour => ({ kind: "drop", text });
export const reset = (): FakeBehaviour => ({ kind: "reset" });

/**
 * The most requests the fake was answering at once, from their recorded times: a request is in
 * flight from `receivedAt` until `finishedAt` or `abortedAt` (still open: until now). A request
 * that ends in the millisecond another arrives is not counted with it.
 */
export function maxInFlight(requests: readonly RecordedRequest[]): number {
  const events = requests.flatMap((r) => [
    { at: r.receivedAt, d: 1 },
    { at: r.finishedAt ?? r.abortedAt ?? Infinity, d: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.d - b.d);
  let now = 0;
  let max = 0;
  for (const e of events) max = Math.max(max, (now += e.d));
  return max;
}

/** Model text that is not valid JSON (cut off mid-string). */
export const MALFORMED_JSON =
  '{"headline": "Design-to-cost in practice", "introduction": "Unterminated';

/** A draft whose fields carry XSS payloads, for checking that callers sanitise model output. */
export const XSS_DRAFT = {
  headline: 'Cost visibility <script>alert("headline")</script>',
  introduction: 'Engineering leaders <img src=x onerror="alert(1)"> need cost data early.',
  body:
    "<h2>Why it matters</h2><p>Late changes are expensive.<script>document.cookie</script></p>" +
    '<p><a href="javascript:alert(1)">Read more</a> <img src="x" onerror="alert(2)"></p>' +
    '<ul><li onclick="alert(3)">Fewer ECOs</li></ul><iframe src="https://evil.example"></iframe>',
  conclusion: '<a href="javascript:void(0)" onmouseover="alert(4)">Book a walkthrough</a>',
  imagePrompt: "Engineers reviewing a cost model",
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function formatOf(method: string, path: string): WireFormat | undefined {
  if (method !== "POST") return undefined;
  if (path.endsWith("/responses")) return "responses";
  if (path.endsWith("/chat/completions")) return "chat";
  if (path.endsWith("/images/generations")) return "images";
  if (/\/models\/[^/]+:(generateContent|streamGenerateContent)$/.test(path)) return "gemini";
  return undefined;
}

function promptTextOf(format: WireFormat, body: Record<string, unknown>): string {
  const parts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === "string") parts.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      for (const key of ["content", "text", "parts", "input", "messages", "contents"]) {
        if (key in record) collect(record[key]);
      }
    }
  };
  if (format === "gemini") {
    collect(body.systemInstruction);
    collect(body.contents);
  } else if (format === "images") {
    collect(body.prompt);
  } else {
    collect(body.input ?? body.messages);
  }
  return parts.join("\n");
}

/** The token counts of an answer as each wire format reports them. */
function usageBody(format: WireFormat, usage: { inputTokens: number; outputTokens: number }) {
  const total = usage.inputTokens + usage.outputTokens;
  if (format === "responses") {
    return {
      input_tokens: usage.inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: usage.outputTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: total,
    };
  }
  if (format === "chat") {
    return {
      prompt_tokens: usage.inputTokens,
      completion_tokens: usage.outputTokens,
      total_tokens: total,
    };
  }
  return {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: usage.outputTokens,
    totalTokenCount: total,
  };
}

function splitText(text: string, chunks: number): string[] {
  const n = Math.max(1, Math.min(chunks, text.length || 1));
  const size = Math.ceil(text.length / n);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [""];
}

function errorBody(format: WireFormat, code: number, message: string, reason?: string): unknown {
  if (format === "gemini") {
    const statusName =
      code === 429
        ? "RESOURCE_EXHAUSTED"
        : code === 400
          ? "INVALID_ARGUMENT"
          : code === 401
            ? "UNAUTHENTICATED"
            : code === 403
              ? "PERMISSION_DENIED"
              : code === 404
                ? "NOT_FOUND"
                : code === 503
                  ? "UNAVAILABLE"
                  : "INTERNAL";
    return {
      error: {
        code,
        message,
        status: statusName,
        ...(reason
          ? {
              details: [
                {
                  "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                  reason,
                  domain: "googleapis.com",
                },
              ],
            }
          : {}),
      },
    };
  }
  const type =
    code === 429
      ? "requests"
      : code === 401
        ? "invalid_request_error"
        : code >= 500
          ? "server_error"
          : "invalid_request_error";
  return { error: { message, type, param: null, code: reason ?? null } };
}

const DEFAULT_MESSAGES: Record<number, string> = {
  400: "Invalid request.",
  401: "Incorrect API key provided.",
  403: "Permission denied.",
  404: "The model does not exist or you do not have access to it.",
  429: "Rate limit reached for requests.",
  500: "The server had an error while processing your request.",
  503: "The engine is currently overloaded, please try again later.",
};

/** Starts the fake on 127.0.0.1 with a random port. */
export async function startFakeAiProvider(
  options: {
    /** When set, requests must carry this key (Bearer / x-goog-api-key), else an auth error. */
    apiKey?: string;
  } = {},
): Promise<FakeAiProviderServer> {
  let queue: FakeBehaviour[] = [];
  let fallback: FakeBehaviour | ((request: RecordedRequest) => FakeBehaviour) = status(
    500,
    "fake AI provider: no behaviour queued",
  );
  const requests: RecordedRequest[] = [];
  let sequence = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void handle(req, res, Buffer.concat(chunks).toString("utf8")).catch(() => {
        res.destroy();
      });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const format = formatOf(req.method ?? "GET", url.pathname);
    if (!format) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `No route for ${req.method} ${url.pathname}` } }));
      return;
    }
    const body = parseBody(raw);
    const stream =
      format === "gemini" ? url.pathname.endsWith(":streamGenerateContent") : body.stream === true;
    const model =
      format === "gemini"
        ? decodeURIComponent(url.pathname.match(/\/models\/([^/:]+):/)?.[1] ?? "")
        : typeof body.model === "string"
          ? body.model
          : "";
    const record: RecordedRequest = {
      format,
      method: req.method ?? "POST",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      stream,
      model,
      promptText: promptTextOf(format, body),
      receivedAt: Date.now(),
    };
    requests.push(record);
    res.on("close", () => {
      if (!res.writableFinished) record.abortedAt = Date.now();
      else record.finishedAt = Date.now();
    });

    if (options.apiKey !== undefined) {
      const given =
        format === "gemini"
          ? (req.headers["x-goog-api-key"] ?? url.searchParams.get("key"))
          : req.headers.authorization?.replace(/^Bearer /, "");
      if (given !== options.apiKey) {
        // Real providers echo (part of) the key; this one echoes all of it, so a test notices
        // when a raw provider body reaches a user or a log.
        const echo = `Incorrect API key provided: ${String(given)}.`;
        const [code, reason] =
          format === "gemini" ? [400, "API_KEY_INVALID"] : [401, "invalid_api_key"];
        return sendJson(res, code, errorBody(format, code, echo, reason));
      }
    }

    const next = queue.shift() ?? (typeof fallback === "function" ? fallback(record) : fallback);
    await respond(next, format, stream, model, req, res);
  }

  async function respond(
    b: FakeBehaviour,
    format: WireFormat,
    stream: boolean,
    model: string,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) {
    switch (b.kind) {
      case "reset":
        req.socket.destroy();
        return;
      case "status": {
        const body =
          b.body === undefined || typeof b.body === "string"
            ? errorBody(
                format,
                b.status,
                typeof b.body === "string" ? b.body : (DEFAULT_MESSAGES[b.status] ?? "Error."),
              )
            : b.body;
        return sendJson(res, b.status, body, b.headers);
      }
      case "rate-limit": {
        const headers: Record<string, string> = {};
        if (b.retryAfter !== undefined) headers["retry-after"] = b.retryAfter;
        if (b.retryAfterMs !== undefined) headers["retry-after-ms"] = String(b.retryAfterMs);
        const body = errorBody(format, 429, DEFAULT_MESSAGES[429]!) as {
          error: Record<string, unknown>;
        };
        if (format === "gemini" && b.retryDelay !== undefined) {
          body.error.details = [
            {
              "@type": "type.googleapis.com/google.rpc.QuotaFailure",
              violations: [{ quotaMetric: "generate_content_free_tier_requests" }],
            },
            { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: b.retryDelay },
          ];
        }
        return sendJson(res, 429, body, headers);
      }
      case "answer": {
        const closed = new Promise<void>((resolve) => res.once("close", () => resolve()));
        const wait = (ms: number) => Promise.race([sleep(ms), closed]);
        if (b.delayMs) await wait(b.delayMs);
        if (res.destroyed) return;
        const usage = b.usage ?? { inputTokens: 120, outputTokens: 80 };
        if (!stream) return sendJson(res, 200, plainBody(format, model, b.text, usage));
        startSse(res);
        const events = streamEvents(format, model, splitText(b.text, b.chunks ?? 4), usage);
        for (const event of events) {
          if (res.destroyed) return;
          res.write(event);
          if (b.chunkDelayMs) await wait(b.chunkDelayMs);
        }
        res.end();
        return;
      }
      case "stall":
      case "drop": {
        const text = b.text ?? '{"headline": "Des';
        if (stream) {
          startSse(res);
          const events = streamEvents(format, model, [text, "…"], {
            inputTokens: 1,
            outputTokens: 1,
          });
          // Everything up to and including the first text delta, never the end of the answer.
          const throughFirstDelta = format === "responses" ? 4 : 1;
          for (const event of events.slice(0, throughFirstDelta)) res.write(event);
        } else {
          res.writeHead(200, { "content-type": "application/json" });
          res.write('{"id": "partial", ');
        }
        if (b.kind === "drop") setTimeout(() => res.destroy(), 10);
        // A stall keeps the connection open until the client gives up (or close()).
        return;
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  function sendJson(
    res: http.ServerResponse,
    code: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(code, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }

  function plainBody(
    format: WireFormat,
    model: string,
    text: string,
    usage: { inputTokens: number; outputTokens: number },
  ): unknown {
    sequence += 1;
    // An image answer's text is the picture, base64-encoded, as OpenAI sends it.
    if (format === "images") {
      return { created: Math.floor(Date.now() / 1000), data: [{ b64_json: text }] };
    }
    if (format === "responses") {
      return {
        id: `resp_${sequence}`,
        object: "response",
        created_at: Math.floor(Date.now() / 1000),
        model,
        status: "completed",
        incomplete_details: null,
        output: [
          {
            type: "message",
            id: `msg_${sequence}`,
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text, annotations: [] }],
          },
        ],
        usage: usageBody(format, usage),
      };
    }
    if (format === "chat") {
      return {
        id: `chatcmpl-${sequence}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: text },
            finish_reason: "stop",
          },
        ],
        usage: usageBody(format, usage),
      };
    }
    return {
      candidates: [
        { content: { parts: [{ text }], role: "model" }, finishReason: "STOP", index: 0 },
      ],
      usageMetadata: usageBody(format, usage),
      modelVersion: model,
    };
  }

  function streamEvents(
    format: WireFormat,
    model: string,
    deltas: string[],
    usage: { inputTokens: number; outputTokens: number },
  ): string[] {
    sequence += 1;
    const created = Math.floor(Date.now() / 1000);
    if (format === "responses") {
      const id = `resp_${sequence}`;
      const itemId = `msg_${sequence}`;
      let n = 0;
      const event = (data: Record<string, unknown>) =>
        `event: ${String(data.type)}\ndata: ${JSON.stringify({ ...data, sequence_number: n++ })}\n\n`;
      const response = {
        id,
        object: "response",
        created_at: created,
        model,
        status: "in_progress",
      };
      const item = {
        type: "message",
        id: itemId,
        role: "assistant",
        status: "in_progress",
        content: [],
      };
      return [
        event({ type: "response.created", response }),
        event({ type: "response.output_item.added", output_index: 0, item }),
        event({
          type: "response.content_part.added",
          item_id: itemId,
          output_index: 0,
          content_index: 0,
          part: { type: "output_text", text: "", annotations: [] },
        }),
        ...deltas.map((delta) =>
          event({
            type: "response.output_text.delta",
            item_id: itemId,
            output_index: 0,
            content_index: 0,
            delta,
          }),
        ),
        event({
          type: "response.output_item.done",
          output_index: 0,
          item: {
            ...item,
            status: "completed",
            content: [{ type: "output_text", text: deltas.join(""), annotations: [] }],
          },
        }),
        event({
          type: "response.completed",
          response: {
            ...response,
            status: "completed",
            incomplete_details: null,
            usage: usageBody(format, usage),
          },
        }),
      ];
    }
    if (format === "chat") {
      const id = `chatcmpl-${sequence}`;
      const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices, ...extra })}\n\n`;
      return [
        ...deltas.map((content, i) =>
          chunk([
            {
              index: 0,
              delta: i === 0 ? { role: "assistant", content } : { content },
              finish_reason: null,
            },
          ]),
        ),
        chunk([{ index: 0, delta: {}, finish_reason: "stop" }]),
        chunk([], { usage: usageBody(format, usage) }),
        "data: [DONE]\n\n",
      ];
    }
    return deltas.map((text, i) => {
      const last = i === deltas.length - 1;
      const data = {
        candidates: [
          {
            content: { parts: [{ text }], role: "model" },
            index: 0,
            ...(last ? { finishReason: "STOP" } : {}),
          },
        ],
        ...(last ? { usageMetadata: usageBody(format, usage) } : {}),
        modelVersion: model,
      };
      return `data: ${JSON.stringify(data)}\r\n\r\n`;
    });
  }

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    googleBaseUrl: `${url}/v1beta`,
    compatibleBaseUrl: `${url}/compat/v1`,
    requests,
    enqueue: (...behaviours) => {
      queue.push(...behaviours);
    },
    setDefault: (behaviour) => {
      fallback = behaviour;
    },
    reset: () => {
      queue = [];
      requests.length = 0;
      fallback = status(500, "fake AI provider: no behaviour queued");
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseBody(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw || "{}");
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function startSse(res: http.ServerResponse) {
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  res.flushHeaders();
}
