import http from "node:http";
import https from "node:https";
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
  return new Promise((resolve) => {
    let settled = false;
    const finish = (o: Omit<PostOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(o));
    };
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.request(
      url,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "ContentStudio-Webhooks/1",
        },
        lookup: publicOnlyLookup(trusted, "The webhook URL"),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const statusCode = res.statusCode ?? 0;
        const retryAfterMs = parseRetryAfter(res.headers["retry-after"]);
        const complete = () =>
          finish({
            statusCode,
            body: Buffer.concat(chunks).toString("utf8").slice(0, options.keepChars),
            retryAfterMs,
            error: statusCode >= 200 && statusCode < 300 ? null : `HTTP ${statusCode}`,
          });
        res.on("data", (chunk: Buffer) => {
          if (size >= READ_LIMIT) return;
          size += chunk.length;
          chunks.push(chunk);
          if (size >= READ_LIMIT) {
            res.destroy();
            complete();
          }
        });
        res.on("end", complete);
        res.on("error", complete);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({
        statusCode: null,
        body: null,
        retryAfterMs: null,
        error: `No answer within ${Math.round(options.timeoutMs / 100) / 10} s.`,
      });
    }, options.timeoutMs);
    req.on("error", (error) =>
      finish({
        statusCode: null,
        body: null,
        retryAfterMs: null,
        error: error instanceof SourceError ? error.message : connectionError(error),
      }),
    );
    req.end(body);
  });
}

/** A connection failure's code only (never the raw message, which may carry addresses). */
function connectionError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `Connection failed (${code}).` : "Connection failed.";
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
