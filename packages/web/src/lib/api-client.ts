import type { AnswerSchema, ErrorCode, FieldIssue } from "@content-studio/contract";
import { takeFirstAnswer } from "./first-answers";

/**
 * What the client reports when no well-formed answer came back: `network_error` (network down),
 * `malformed_answer` (a success envelope whose data is not what the contract promises).
 */
export type ApiErrorCode = ErrorCode | "network_error" | "malformed_answer";

const NETWORK_MESSAGE = "Could not reach the server. Please check your connection and try again.";
/** The message of an answer that is not a well-formed envelope (or a broken stream). */
export const UNREADABLE_MESSAGE = "The server sent an unexpected response. Please try again.";

/** The message of a success answer whose data the contract's schema refuses. */
export const MALFORMED_MESSAGE = "Something went wrong";

/** Every failed API call becomes one of these; `message` is safe to show to the user. */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    /** HTTP status, or 0 when the request never got an answer. */
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
    /** Seconds to wait before retrying, from the Retry-After header. */
    readonly retryAfter?: number,
    /** The answer's x-request-id, to quote to whoever reads the server's log. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** Field messages of a 400/409 answer keyed by field name (`body.email` → `email`). */
export function getFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !isRecord(error.details)) return {};
  const issues = error.details.issues;
  if (!Array.isArray(issues)) return {};
  const fields: Record<string, string> = {};
  for (const issue of issues as unknown[]) {
    if (!isFieldIssue(issue)) continue;
    const field = issue.path.replace(/^body\./, "");
    fields[field] ??= issue.message;
  }
  return fields;
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/**
 * Runs `listener` whenever a signed-in-only call answers 401 (the session ended elsewhere).
 * Auth calls are excluded: a wrong password is not a lost session. Returns an unsubscribe.
 */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const AUTH_PATHS = ["/api/session", "/api/auth/", "/api/setup/"];

type QueryValue = string | number | boolean | readonly string[] | null | undefined;

/** A query string; `undefined`, `null` and empty strings are left out, arrays repeat the key. */
export type QueryParams = Record<string, QueryValue>;

interface RequestOptions {
  params?: QueryParams;
  signal?: AbortSignal;
}

/** Sends the request; a request that gets no answer at all becomes a `network_error`. */
async function send(
  method: string,
  path: string,
  body: unknown,
  { params, signal }: RequestOptions,
  accept: string,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  // Multipart bodies get their Content-Type (with the boundary) from fetch itself.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers["Content-Type"] = "application/json";

  try {
    return await fetch(path + toQueryString(params), {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "network_error", NETWORK_MESSAGE);
  }
}

/** The ApiError for an answer that is not a success envelope (or not the expected file). */
function toApiError(response: Response, path: string, payload: unknown): ApiError {
  const retryAfter = parseRetryAfter(response.headers.get("Retry-After"));
  if (response.status === 401 && !AUTH_PATHS.some((p) => path.startsWith(p))) {
    for (const listener of unauthorizedListeners) listener();
  }
  if (isRecord(payload) && payload.success === false && typeof payload.message === "string") {
    const code = typeof payload.code === "string" ? (payload.code as ErrorCode) : "internal_error";
    return new ApiError(response.status, code, payload.message, payload.details, retryAfter);
  }
  return new ApiError(
    response.status,
    codeForStatus(response.status),
    UNREADABLE_MESSAGE,
    undefined,
    retryAfter,
  );
}

/**
 * The answer's data checked against the contract: a success envelope whose data does not match
 * is a `malformed_answer` error naming the request id (never a blank or broken screen).
 */
export function checkAnswer<T>(
  schema: AnswerSchema<T>,
  data: unknown,
  status: number,
  requestId: string | null | undefined,
  path: string,
): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  // For whoever opens the console: which fields broke the contract (never the values).
  console.error(
    `Malformed answer from ${path}`,
    result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
  );
  const id = requestId ?? undefined;
  return malformed(status, id);
}

function malformed(status: number, requestId: string | undefined): never {
  const message = requestId
    ? `${MALFORMED_MESSAGE}. Request id: ${requestId}.`
    : `${MALFORMED_MESSAGE}.`;
  throw new ApiError(status, "malformed_answer", message, undefined, undefined, requestId);
}

async function request<T>(
  method: string,
  path: string,
  schema: AnswerSchema<T>,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  if (method === "GET") {
    const embedded = takeFirstAnswer(path + toQueryString(options.params));
    // An embedded answer that does not match is left unused: the request below asks again.
    if (isRecord(embedded) && embedded.success === true && "data" in embedded) {
      const checked = schema.safeParse(embedded.data);
      if (checked.success) return checked.data;
    }
  }
  const response = await send(method, path, body, options, "application/json");
  const payload = await readJson(response);
  if (isRecord(payload) && payload.success === true && "data" in payload) {
    return checkAnswer(
      schema,
      payload.data,
      response.status,
      response.headers.get("x-request-id"),
      path,
    );
  }
  throw toApiError(response, path, payload);
}

/**
 * POSTs JSON and hands back the raw 2xx Response so the caller can read its body as a stream
 * (newline-delimited JSON). Any other answer is read as an error envelope and thrown as an
 * ApiError, exactly like the other calls.
 */
async function stream(
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const response = await send("POST", path, body, options, "application/x-ndjson");
  if (response.ok) return response;
  throw toApiError(response, path, await readJson(response));
}

/**
 * True when the error carries a message the server wrote (an error envelope); false for
 * network failures and unreadable answers, whose message is the client's own.
 */
export function hasServerMessage(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.code !== "network_error" &&
    error.message !== UNREADABLE_MESSAGE &&
    error.message.trim() !== ""
  );
}

/** A file the server sent as an attachment, with the name from Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

async function download(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const response = await send("GET", path, undefined, options, "*/*");
  if (!response.ok) throw toApiError(response, path, await readJson(response));
  const fileName =
    fileNameFromDisposition(response.headers.get("Content-Disposition")) ??
    path.split("/").filter(Boolean).pop() ??
    "download";
  return { blob: await response.blob(), fileName };
}

/**
 * The one way the web app talks to the server: same-origin JSON with the `{ success }` envelope.
 * A `FormData` body is sent as multipart; `download` fetches an attachment.
 */
export const api = {
  get: <T>(path: string, schema: AnswerSchema<T>, options?: RequestOptions) =>
    request("GET", path, schema, undefined, options),
  post: <T>(path: string, schema: AnswerSchema<T>, body?: unknown, options?: RequestOptions) =>
    request("POST", path, schema, body, options),
  patch: <T>(path: string, schema: AnswerSchema<T>, body: unknown, options?: RequestOptions) =>
    request("PATCH", path, schema, body, options),
  put: <T>(path: string, schema: AnswerSchema<T>, body: unknown, options?: RequestOptions) =>
    request("PUT", path, schema, body, options),
  delete: <T>(path: string, schema: AnswerSchema<T>, options?: RequestOptions) =>
    request("DELETE", path, schema, undefined, options),
  /** Creates a record (POST `collection`), or replaces the one with `id` (PUT `collection/:id`). */
  save: <T>(collection: string, id: string | undefined, schema: AnswerSchema<T>, body: unknown) =>
    id
      ? request("PUT", `${collection}/${encodeURIComponent(id)}`, schema, body)
      : request("POST", collection, schema, body),
  download,
  stream,
};

/** `filename*=UTF-8''…` (preferred) or `filename="…"` of a Content-Disposition header. */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || undefined;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return undefined;
  }
}

function toQueryString(params: RequestOptions["params"]): string {
  if (!params) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly string[]) search.append(key, item);
    } else {
      search.append(key, String(value));
    }
  }
  const query = search.toString();
  return query ? `?${query}` : "";
}

/** Retry-After is either delta-seconds or an HTTP date. */
function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return "validation_error";
    case 401:
      return "unauthenticated";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 413:
      return "payload_too_large";
    case 429:
      return "rate_limited";
    case 503:
      return "service_unavailable";
    default:
      return "internal_error";
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isFieldIssue(value: unknown): value is FieldIssue {
  return isRecord(value) && typeof value.path === "string" && typeof value.message === "string";
}
