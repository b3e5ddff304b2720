import http from "node:http";
import https from "node:https";
import type net from "node:net";

/** One outgoing HTTP(S) request: the caller has checked the URL's rules already. */
export interface OutgoingRequest {
  method: "GET" | "POST" | "PATCH";
  headers: Record<string, string>;
  body?: string;
  /** From connecting to the last byte of the answer. */
  timeoutMs: number;
  /** Bytes of the answer read at most; the rest is dropped unread. */
  readLimit: number;
  /**
   * Resolves the host at connect time: a check there covers the address actually connected
   * to, so a name cannot pass a check and then resolve elsewhere (DNS rebinding).
   */
  lookup?: net.LookupFunction;
}

export interface OutgoingAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** At most `readLimit` bytes of the body. */
  body: Buffer;
}

/** No answer within the request's time limit. */
export class OutgoingTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${Math.round(timeoutMs / 100) / 10} s.`);
    this.name = "OutgoingTimeout";
  }
}

/**
 * Sends one request with node's http(s) (not `fetch`, whose connections take no `lookup`).
 * Redirects are not followed: a 3xx is an answer like any other. Rejects with OutgoingTimeout,
 * with the error the lookup raised, or with the connection's error.
 */
export function sendOutgoing(url: URL, request: OutgoingRequest): Promise<OutgoingAnswer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.request(
      url,
      {
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.body !== undefined
            ? { "content-length": String(Buffer.byteLength(request.body)) }
            : {}),
        },
        ...(request.lookup ? { lookup: request.lookup } : {}),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const complete = () =>
          settle(() =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).subarray(0, request.readLimit),
            }),
          );
        res.on("data", (chunk: Buffer) => {
          if (size >= request.readLimit) return;
          size += chunk.length;
          chunks.push(chunk);
          if (size >= request.readLimit) {
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
      settle(() => reject(new OutgoingTimeout(request.timeoutMs)));
    }, request.timeoutMs);
    req.on("error", (error) => settle(() => reject(error)));
    req.end(request.body);
  });
}

/** A connection failure's code only (never the raw message, which may carry addresses). */
export function connectionFailure(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `Connection failed (${code}).` : "Connection failed.";
}
