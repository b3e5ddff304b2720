import { connectionFailure, OutgoingTimeout, sendOutgoing } from "../../lib/outgoing-request";
import { checkRemoteUrl, publicOnlyLookup } from "../examples/sources/remote-archive";
import { SourceError } from "../examples/sources/source";

/** What one POST to an endpoint came to. */
export interface PostOutcome {
  /** The HTTP status, or null when no answer came (refused, timeout, blocked address). */
  statusCode: number | null;
  /** The start of the answer's body (at most `keepChars`). */
  body: string | null;
  /** A Retry-After header as milliseconds from now, when the answer carried one. */
  retryAfterMs: number | null;
  /** Why no usable answer came, in words safe to show an admin (never a stack). */
  error: string | null;
  durationMs: number;
}

export interface PostOptions {
  timeoutMs: number;
  /** Origins allowed over http or on private and loopback addresses. */
  allowedOrigins: string[];
  /** How much of the answer's body to keep. */
  keepChars: number;
}

/** Bytes of an answer read at most; the rest is dropped unread. */
const READ_LIMIT = 64 * 1024;

/**
 * POSTs a signed message. The URL follows the rules of every outgoing URL (https unless
 * allow-listed, no credentials, no literal private address), and the address actually
 * connected to is checked after DNS, so a name that later resolves to a private or loopback
 * host is refused at delivery. Redirects are not followed (a 3xx is a failed attempt).
 */
export async function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = Date.now();
  const done = (o: Omit<PostOutcome, "durationMs">): PostOutcome => ({
    ...o,
    durationMs: Date.now() - started,
  });
  let url: URL;
  let trusted: boolean;
  try {
    url = new URL(rawUrl);
    ({ trusted } = checkRemoteUrl(url, options));
  } catch (error) {
    const message = error instanceof SourceError ? error.message : "The URL is not valid.";
    return done({ statusCode: null, body: null, retryAfterMs: null, error: message });
  }
  try {
    const answer = await sendOutgoing(url, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": "application/json",
        "user-agent": "ContentStudio-Webhooks/1",
      },
      body,
      timeoutMs: options.timeoutMs,
      readLimit: READ_LIMIT,
      lookup: publicOnlyLookup(trusted, "The webhook URL"),
    });
    const ok = answer.status >= 200 && answer.status < 300;
    return done({
      statusCode: answer.status,
      body: answer.body.toString("utf8").slice(0, options.keepChars),
      retryAfterMs: parseRetryAfter(answer.headers["retry-after"]),
      error: ok ? null : `HTTP ${answer.status}`,
    });
  } catch (error) {
    const message =
      error instanceof SourceError || error instanceof OutgoingTimeout
        ? error.message
        : connectionFailure(error);
    return done({ statusCode: null, body: null, retryAfterMs: null, error: message });
  }
}

/** Retry-After as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now = Date.now(),
): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
