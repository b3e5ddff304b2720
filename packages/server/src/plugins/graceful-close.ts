import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error";
import type { PendingWork } from "../lib/pending-work";

/** How long app.close() waits for requests and background work before giving up on them. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** Retry-After of the 503 a request gets while the server is stopping. */
const RETRY_AFTER_CLOSING_SECONDS = 5;

/** How long close lets idle kept-alive connections send one more request (answered 503). */
const LAST_CALL_MS = 1_000;

interface InFlight {
  label: string;
  startedAt: number;
  /** The route handler is running (it may go on after the client left, or after answering). */
  handlerRunning: boolean;
  /** The handler returned or threw. */
  handlerSettled: boolean;
  /** An answer went out (from the handler, a hook or the error handler). */
  answered: boolean;
  /** The response finished or its connection closed. */
  connectionDone: boolean;
  finish: () => void;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Answered by its handler while the server is stopping, instead of the 503 every other
     * request gets: the probes, which say themselves what stopping means for them.
     */
    answersWhileClosing?: boolean;
  }
}

const inFlight = Symbol("inFlight");
type TrackedRequest = FastifyRequest & { [inFlight]?: InFlight };

/**
 * Makes app.close() wait for the work of every request and background job before it resolves,
 * so the database (closed after it) is never used by work still running:
 *
 * - Fastify's own close waits only for open connections. A request whose client went away
 *   keeps running its hooks and handler (a write, a transaction) with no connection left, and
 *   a request made with inject() has none at all. So each request counts from onRequest until
 *   its connection is done AND its handler settled (or, when no handler ran, its answer went out).
 * - Then the work requests left running is awaited (`PendingWork.settle`), including work a
 *   late request starts meanwhile. (Jobs of the job engine are stopped after this drain.)
 * - Everything is bounded by `graceMs` from the start of close: then connections still open are
 *   cut, and what is still running is logged by name as abandoned.
 *
 * New requests while closing get 503 `service_unavailable` in the JSON envelope, with
 * Retry-After (buildApp turns Fastify's own return503OnClosing off: its body is not our
 * envelope and it answers before any hook); answers sent while closing carry `Connection: close`,
 * so kept-alive connections do not hold the close up, and idle ones may still send one request
 * before they are closed (trackIdleConnections).
 * Call it before any route is registered (it wraps each route's handler), and add the returned
 * `drain` as an onClose hook after every other one: onClose hooks run last-registered first, so
 * it then runs right after the server stopped listening, before the mailer and caches close.
 */
export function registerGracefulClose(
  app: FastifyInstance,
  pendingWork: PendingWork,
  options: { graceMs?: number } = {},
): { drain: () => Promise<void>; closing: () => boolean } {
  const graceMs = options.graceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  const requests = new Map<InFlight, Promise<void>>();
  let closing = false;
  let expire = () => {};
  const deadline = new Promise<void>((resolve) => (expire = resolve));
  let timer: NodeJS.Timeout | undefined;

  const settleIfDone = (entry: InFlight) => {
    if (!entry.connectionDone || entry.handlerRunning) return;
    if (entry.handlerSettled || entry.answered) entry.finish();
  };
  const entryOf = (request: FastifyRequest) => (request as TrackedRequest)[inFlight];

  app.addHook("onRoute", (route) => {
    const handler = route.handler;
    // Sync handlers stay sync (one that answers later through reply.send must not be turned
    // into a promise of undefined, which Fastify would answer with an empty body).
    route.handler = function trackedHandler(
      this: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const entry = entryOf(request);
      const settled = () => {
        if (!entry) return;
        entry.handlerRunning = false;
        entry.handlerSettled = true;
        settleIfDone(entry);
      };
      if (entry) entry.handlerRunning = true;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        settled();
        throw error;
      }
      if (!isThenable(result)) {
        settled();
        return result;
      }
      return result.then(
        (value) => {
          settled();
          return value;
        },
        (error: unknown) => {
          settled();
          throw error;
        },
      );
    };
  });

  app.addHook("onRequest", async (request, reply) => {
    if (closing) reply.header("connection", "close");
    if (closing && request.routeOptions.config.answersWhileClosing !== true) {
      throw new AppError(
        "service_unavailable",
        "The server is restarting. Please try again in a moment.",
        undefined,
        RETRY_AFTER_CLOSING_SECONDS,
      );
    }
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const entry: InFlight = {
      label: `${request.method} ${request.routeOptions.url ?? request.url} (request ${request.id})`,
      startedAt: Date.now(),
      handlerRunning: false,
      handlerSettled: false,
      answered: false,
      connectionDone: false,
      finish,
    };
    (request as TrackedRequest)[inFlight] = entry;
    requests.set(entry, done);
    void done.then(() => requests.delete(entry));
    const connectionDone = () => {
      entry.connectionDone = true;
      settleIfDone(entry);
    };
    if (reply.raw.writableFinished || reply.raw.destroyed) connectionDone();
    else reply.raw.once("close", connectionDone);
  });
  app.addHook("onSend", async (request, reply) => {
    const entry = entryOf(request);
    if (entry) entry.answered = true;
    if (closing) reply.header("connection", "close");
  });
  app.addHook("onResponse", async (request) => {
    const entry = entryOf(request);
    if (!entry) return;
    entry.answered = true;
    entry.connectionDone = true;
    settleIfDone(entry);
  });

  const lastCall = trackIdleConnections(app.server);
  app.addHook("preClose", async () => {
    closing = true;
    timer = setTimeout(() => {
      // Connections still open now (a long stream, a slow upload) are cut.
      if (app.server.listening) app.server.closeAllConnections();
      expire();
    }, graceMs);
    timer.unref();
    if (app.server.listening) await lastCall(Math.min(LAST_CALL_MS, graceMs));
  });

  const drain = async () => {
    if (requests.size > 0) {
      app.log.info({ requests: requests.size }, "waiting for requests still being answered");
    }
    await Promise.race([Promise.allSettled([...requests.values()]), deadline]);
    const abandonedRequests = [...requests.keys()].map(
      (r) => `${r.label}, running ${Date.now() - r.startedAt} ms`,
    );
    const abandonedJobs = await pendingWork.settle(deadline);
    clearTimeout(timer);
    if (abandonedRequests.length > 0 || abandonedJobs.length > 0) {
      app.log.error(
        { abandonedRequests, abandonedJobs, graceMs },
        "shutdown grace period over: abandoning work still running",
      );
    }
  };

  return { drain, closing: () => closing };
}

/**
 * Node's server.close() destroys every kept-alive connection that is not answering a request
 * at that moment, and Fastify calls it right after the preClose hooks. A client may already
 * have sent its next request on such a connection (or be sending it): still unread, it makes
 * the destroy a TCP reset, and the client gets ECONNRESET for a request it had sent (on PGlite,
 * whose queries hold the event loop, most of 20 busy clients did). So close first waits, at
 * most `ms`, until no open connection is idle: each next request is answered 503 with
 * `Connection: close` and its connection then ends cleanly. Only connections that stayed
 * silent for the whole wait are destroyed. Returns that wait.
 */
function trackIdleConnections(server: Server): (ms: number) => Promise<void> {
  /** Open connections and how many requests each is answering. */
  const connections = new Map<Socket, number>();
  let check = () => {};
  server.on("connection", (socket: Socket) => {
    connections.set(socket, 0);
    socket.once("close", () => {
      connections.delete(socket);
      check();
    });
  });
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    connections.set(socket, (connections.get(socket) ?? 0) + 1);
    response.once("close", () => {
      const count = connections.get(socket);
      if (count !== undefined) connections.set(socket, count - 1);
      check();
    });
  });
  return (ms) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        check = () => {};
        resolve();
      }
      check = () => {
        if (![...connections.values()].includes(0)) done();
      };
      check();
    });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
