import { vi } from "vitest";

/** What a fake endpoint answers: an envelope body, a status and optional headers. */
export interface FakeResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** When set, the answer's body is this byte stream instead of `body` as JSON. */
  stream?: ReadableStream<Uint8Array>;
  /** Send `body` (a string) as is instead of as JSON, e.g. for a file download. */
  raw?: boolean;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Route parameters, e.g. `id` for `PATCH /api/users/:id`. */
  params: Record<string, string>;
  /** The parsed JSON body, or the FormData of a multipart request. */
  body: unknown;
}

type Handler = FakeResponse | ((request: FakeRequest) => FakeResponse | Promise<FakeResponse>);

/** `{ success: true, data }`. */
export const ok = (data: unknown, status = 200): FakeResponse => ({
  status,
  body: { success: true, data },
});

/** A file attachment, e.g. `file("# Hi", "text/markdown", 'attachment; filename="a.md"')`. */
export const file = (text: string, contentType: string, disposition: string): FakeResponse => ({
  status: 200,
  body: text,
  raw: true,
  headers: { "Content-Type": contentType, "Content-Disposition": disposition },
});

/** `{ success: false, code, message, details? }`. */
export const fail = (
  status: number,
  code: string,
  message: string,
  extra: { details?: unknown; headers?: Record<string, string> } = {},
): FakeResponse => ({
  status,
  body: { success: false, code, message, ...(extra.details ? { details: extra.details } : {}) },
  headers: extra.headers,
});

/**
 * A streamed newline-delimited JSON answer that the test feeds line by line: `send` writes one
 * event, `sendRaw` writes bytes as they are (to split a line across chunks), `close` ends it.
 */
export function ndjsonStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: {
      status: 200,
      body: undefined,
      headers: { "Content-Type": "application/x-ndjson" },
      stream,
    } satisfies FakeResponse,
    send: (event: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`)),
    sendRaw: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

/** A streamed answer of these events, one JSON object per line, already complete. */
export const ndjson = (events: unknown[]): FakeResponse => {
  const fake = ndjsonStream();
  for (const event of events) fake.send(event);
  fake.close();
  return fake.response;
};

/** Like a real fetch body: aborting the request errors the stream with the abort reason. */
function abortable(source: ReadableStream<Uint8Array>, signal?: AbortSignal | null) {
  const reader = source.getReader();
  let aborted = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener(
        "abort",
        () => {
          aborted = true;
          controller.error(signal.reason);
          void reader.cancel(signal.reason);
        },
        { once: true },
      );
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (aborted) return;
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const actual = got[i] ?? "";
    if (part.startsWith(":")) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return undefined;
  }
  return params;
}

/**
 * Replaces global fetch with a tiny in-memory JSON API. Routes are keyed `"METHOD /path"`
 * (`:name` segments match anything). Unknown routes answer the server's JSON 404.
 * Handlers may be async (to hold a request open) and can be swapped mid-test through the
 * returned `routes` object.
 */
export function installFakeApi(initial: Record<string, Handler>) {
  const routes: Record<string, Handler> = { ...initial };
  const requests: FakeRequest[] = [];

  // The api client always passes a path string.
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    init.signal?.throwIfAborted();
    const url = new URL(input, "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const body: unknown =
      typeof init.body === "string"
        ? JSON.parse(init.body)
        : init.body instanceof FormData
          ? init.body
          : undefined;
    let response: FakeResponse = fail(404, "not_found", "No such API endpoint.");
    for (const [key, handler] of Object.entries(routes)) {
      const [routeMethod, pattern = ""] = key.split(" ");
      const params = routeMethod === method ? match(pattern, url.pathname) : undefined;
      if (!params) continue;
      const request = { method, path: url.pathname, query: url.searchParams, params, body };
      requests.push(request);
      response = typeof handler === "function" ? await handler(request) : handler;
      break;
    }
    if (response.stream) {
      return new Response(abortable(response.stream, init.signal), {
        status: response.status,
        headers: response.headers,
      });
    }
    const text =
      response.raw && typeof response.body === "string"
        ? response.body
        : JSON.stringify(response.body);
    return new Response(text, {
      status: response.status,
      headers: { "Content-Type": "application/json", ...response.headers },
    });
  });

  vi.stubGlobal("fetch", fetchMock);
  return { routes, requests, fetchMock };
}
