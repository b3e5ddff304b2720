import type { FastifyReply, FastifyRequest } from "fastify";

/** True when an If-None-Match header names `etag` (or is `*`); weak tags compare equal too. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/**
 * Sends ready JSON with its entity tag: 304 without a body when the client already has it.
 * Private (the answer needs a session) and revalidated on every use. Not @fastify/etag: it
 * matches If-None-Match only when the header is the one tag, never a list or `*` (decision 0052).
 */
export function replyWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { body: string; etag: string },
): FastifyReply {
  reply.header("etag", answer.etag).header("cache-control", "private, no-cache");
  if (matchesEtag(request.headers["if-none-match"], answer.etag)) {
    return reply.code(304).send();
  }
  return reply.type("application/json; charset=utf-8").send(answer.body);
}
