import type { FastifyReply } from "fastify";

/**
 * An AbortSignal that fires when the client goes away before we answered (closed tab, the
 * Cancel button, a dropped network), so provider calls and database queries stop and nothing half-made is kept.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort(new Error("client closed the connection"));
  });
  return controller.signal;
}
