import type { ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Takes the response over from Fastify to stream a body of `contentType`, and writes its 200
 * head: the headers already set on the reply (the security headers, which a hijacked reply
 * would otherwise lose), no caching, no sniffing, no proxy buffering, and the request id.
 * Answer any error that can come before the stream as a normal JSON error first.
 */
export function startStreamReply(
  request: FastifyRequest,
  reply: FastifyReply,
  contentType: string,
): ServerResponse {
  reply.hijack();
  const raw = reply.raw;
  const inherited = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined),
  ) as Record<string, string | number | string[]>;
  raw.writeHead(200, {
    ...inherited,
    "content-type": contentType,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "x-accel-buffering": "no",
    "x-request-id": request.id,
  });
  return raw;
}
