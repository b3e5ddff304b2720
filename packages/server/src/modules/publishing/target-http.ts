import net from "node:net";
import type { z } from "zod";
import { checkRemoteUrl, resolvePublicAddresses } from "../examples/sources/remote-archive";
import { SourceError } from "../examples/sources/source";
import { parseRetryAfter } from "../webhooks/webhook-http";

/**
 * A target's refusal or a failed call, in words safe to show an admin (never a secret, never a
 * stack). `retryable`: a later attempt may succeed (429, 5xx, timeout, connection failure).
 */
export class TargetError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    /** How long the target asked us to wait (Retry-After, or HubSpot's rate-limit interval). */
    readonly retryAfterMs: number | null = null,
    /** The target's own error code (WordPress `rest_not_logged_in`, Webflow `validation_error`). */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = "TargetError";
  }
}

export interface CallOptions {
  method?: "GET" | "POST" | "PATCH";
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  /**
   * Origins allowed over http or on private addresses (the admin's allow-list); null for an
   * origin the operator configured (HubSpot's and Webflow's API), which is trusted.
   */
  allowedOrigins: string[] | null;
  /** Turns an error answer's body into the message and code an admin sees. */
  describe: (status: number, body: unknown) => { message: string; code: string | null };
}

/**
 * One JSON call with `fetch`: an admin-set URL follows the rules of every outgoing URL (https
 * unless allow-listed, no credentials, no private or loopback address, literal or after DNS);
 * redirects are not followed; the answer must match `schema`, or the call fails.
 */
export async function callJson<T extends z.ZodType>(
  rawUrl: string,
  schema: T,
  options: CallOptions,
): Promise<z.output<T>> {
  if (options.allowedOrigins) await checkOutgoingUrl(rawUrl, options.allowedOrigins);
  let res: Response;
  try {
    res = await fetch(rawUrl, {
      method: options.method ?? "GET",
      headers: {
        accept: "application/json",
        "user-agent": "ContentStudio-Publishing/1",
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as { name?: string }).name === "TimeoutError";
    throw new TargetError(
      timedOut
        ? `No answer within ${Math.round(options.timeoutMs / 100) / 10} s.`
        : connectionError(error),
      null,
      true,
    );
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    body = null;
  }
  if (res.status >= 300 && res.status < 400) {
    throw new TargetError(
      `The target redirected (HTTP ${res.status}); use the address it redirects to.`,
      res.status,
      false,
    );
  }
  if (!res.ok) {
    const { message, code } = options.describe(res.status, body);
    throw new TargetError(
      message,
      res.status,
      res.status === 429 || res.status >= 500,
      retryAfterOf(res.headers),
      code,
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new TargetError(
      `The target's answer was not what its API returns (HTTP ${res.status}).`,
      res.status,
      false,
    );
  }
  return parsed.data;
}

/**
 * Retry-After (seconds or a date); else HubSpot's rate-limit headers: with nothing left in the
 * window, the window's length.
 */
function retryAfterOf(headers: Headers): number | null {
  const after = parseRetryAfter(headers.get("retry-after") ?? undefined);
  if (after !== null) return after;
  const remaining = headers.get("x-hubspot-ratelimit-remaining");
  const interval = headers.get("x-hubspot-ratelimit-interval-milliseconds");
  if (remaining !== null && Number(remaining) <= 0 && interval && /^\d+$/.test(interval)) {
    return Number(interval);
  }
  return null;
}

/**
 * The rules of every outgoing URL, as webhook endpoints follow them: refused with a
 * TargetError (not retryable) naming the problem.
 */
export async function checkOutgoingUrl(raw: string, allowedOrigins: string[]): Promise<void> {
  try {
    const url = new URL(raw);
    const { trusted } = checkRemoteUrl(url, { allowedOrigins });
    if (!trusted && net.isIP(url.hostname.replace(/^\[|\]$/g, "")) === 0) {
      await resolvePublicAddresses(url.hostname, false, "The site URL");
    }
  } catch (error) {
    if (error instanceof SourceError) throw new TargetError(error.message, null, false);
    if (error instanceof TypeError) throw new TargetError("The URL is not valid.", null, false);
    throw error;
  }
}

/** A connection failure's code only (never the raw message, which may carry addresses). */
function connectionError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === "string"
    ? `Connection failed (${cause.code}).`
    : "Connection failed.";
}

/** A short string field of an error body, if any. */
export function field(body: unknown, name: string): string | null {
  if (body && typeof body === "object" && name in body) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === "string") return value.slice(0, 300);
  }
  return null;
}
