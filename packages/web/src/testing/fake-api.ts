import { vi } from "vitest";

/** What a fake endpoint answers: an envelope body, a status and optional headers. */
export interface FakeResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Route parameters, e.g. `id` for `PATCH /api/users/:id`. */
  params: Record<string, string>;
  body: unknown;
}

type Handler = FakeResponse | ((request: FakeRequest) => FakeResponse | Promise<FakeResponse>);

/** `{ success: true, data }`. */
export const ok = (data: unknown, status = 200): FakeResponse => ({
  status,
  body: { success: true, data },
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
    const url = new URL(input, "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const body: unknown = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
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
    return new Response(JSON.stringify(response.body), {
      status: response.status,
      headers: { "Content-Type": "application/json", ...response.headers },
    });
  });

  vi.stubGlobal("fetch", fetchMock);
  return { routes, requests, fetchMock };
}
