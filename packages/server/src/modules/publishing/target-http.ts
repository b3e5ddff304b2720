import type { IncomingHttpHeaders } from "node:http";
import net from "node:net";
import type { z } from "zod";
import type { OpenConnection } from "./target";
import {
  connectionFailure,
  OutgoingTimeout,
  sendOutgoing,
  type OutgoingAnswer,
} from "../../lib/outgoing-request";
import {
  checkRemoteUrl,
  publicOnlyLookup,
  resolvePublicAddresses,
} from "../examples/sources/remote-archive";
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

/** Options of a call to an API the operator configured (HubSpot's, Webflow's): a bearer token. */
export function bearerCall(
  c: OpenConnection,
  describe: CallOptions["describe"],
  extra: Partial<CallOptions> = {},
): CallOptions {
  return {
    headers: { authorization: `Bearer ${c.secret}` },
    timeoutMs: c.env.timeoutMs,
    allowedOrigins: null,
    describe,
    ...extra,
  };
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
  const url = parseOutgoingUrl(rawUrl);
  // An admin-set URL: its rules now, and its address checked again when connecting.
  const trusted = options.allowedOrigins ? outgoingRules(url, options.allowedOrigins) : true;
  const payload = options.body !== undefined ? JSON.stringify(options.body) : undefined;
  let res: OutgoingAnswer;
  try {
    res = await sendOutgoing(url, {
      method: options.method ?? "GET",
      headers: {
        accept: "application/json",
        "user-agent": "ContentStudio-Publishing/1",
        ...(payload !== undefined ? { "content-type": "application/json" } : {}),
        ...options.headers,
      },
      body: payload,
      timeoutMs: options.timeoutMs,
      readLimit: READ_LIMIT,
      lookup: options.allowedOrigins ? publicOnlyLookup(trusted, "The site URL") : undefined,
    });
  } catch (error) {
    if (error instanceof SourceError) throw new TargetError(error.message, null, false);
    throw new TargetError(
      error instanceof OutgoingTimeout ? error.message : connectionFailure(error),
      null,
      true,
    );
  }
  const text = res.body.toString("utf8");
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
  if (res.status < 200 || res.status >= 300) {
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
function retryAfterOf(headers: IncomingHttpHeaders): number | null {
  const after = parseRetryAfter(headers["retry-after"]);
  if (after !== null) return after;
  const remaining = headers["x-hubspot-ratelimit-remaining"];
  const interval = headers["x-hubspot-ratelimit-interval-milliseconds"];
  if (
    typeof remaining === "string" &&
    Number(remaining) <= 0 &&
    typeof interval === "string" &&
    /^\d+$/.test(interval)
  ) {
    return Number(interval);
  }
  return null;
}

/** Bytes of an answer read at most (a target's JSON answers are a few KB). */
const READ_LIMIT = 4 * 1024 * 1024;

function parseOutgoingUrl(raw: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw new TargetError("The URL is not valid.", null, false);
  }
}

/**
 * The rules of every outgoing URL, as webhook endpoints follow them (https unless allow-listed,
 * no credentials, no private or loopback literal): whether the origin is allow-listed, or a
 * TargetError (not retryable) naming the problem.
 */
function outgoingRules(url: URL, allowedOrigins: string[]): boolean {
  try {
    return checkRemoteUrl(url, { allowedOrigins }).trusted;
  } catch (error) {
    if (error instanceof SourceError) throw new TargetError(error.message, null, false);
    throw error;
  }
}

/**
 * The rules of every outgoing URL, and its host name's addresses after DNS: the check made when
 * a connection is saved (each call checks again at connect time).
 */
export async function checkOutgoingUrl(raw: string, allowedOrigins: string[]): Promise<void> {
  const url = parseOutgoingUrl(raw);
  const trusted = outgoingRules(url, allowedOrigins);
  if (!trusted && net.isIP(url.hostname.replace(/^\[|\]$/g, "")) === 0) {
    try {
      await resolvePublicAddresses(url.hostname, false, "The site URL");
    } catch (error) {
      if (error instanceof SourceError) throw new TargetError(error.message, null, false);
      throw error;
    }
  }
}

/** A short string field of an error body, if any. */
export function field(body: unknown, name: string): string | null {
  if (body && typeof body === "object" && name in body) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === "string") return value.slice(0, 300);
  }
  return null;
}
