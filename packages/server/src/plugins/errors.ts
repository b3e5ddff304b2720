import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorEnvelope } from "@content-studio/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { QueryCancelledError } from "../db/cancellable";
import { isDatabaseUnavailable } from "../db/unavailable";
import { AppError, ERROR_STATUS } from "../lib/app-error";

/** Retry-After of the 503 a request gets when the database dropped or refused its connection. */
const RETRY_AFTER_DATABASE_SECONDS = 2;

function send(reply: FastifyReply, status: number, body: ErrorEnvelope) {
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

/** One error model: AppError → its code; validation → 400 with field paths; the rest → generic 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header("retry-after", String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      return send(reply, error.status, {
        success: false,
        code: error.code,
        message: error.message,
        ...(error.details === undefined ? {} : { details: error.details }),
      });
    }
    if (error instanceof QueryCancelledError) {
      // Nobody is listening any more: no error log, and the status says why it stopped.
      request.log.info("client went away; its query was cancelled");
      return send(reply, 499, {
        success: false,
        code: "internal_error",
        message: "The request was cancelled.",
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...v.instancePath.split("/").filter(Boolean)]
          .filter(Boolean)
          .join("."),
        message: v.message ?? "Invalid value",
      }));
      return send(reply, 400, {
        success: false,
        code: "validation_error",
        message: issues[0]?.message ?? "The request is not valid.",
        details: { issues },
      });
    }
    if (isDatabaseUnavailable(error)) {
      // Not the request's fault: the database restarted or dropped the connection. The pool
      // connects again for the next request.
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", String(RETRY_AFTER_DATABASE_SECONDS));
      return send(reply, 503, {
        success: false,
        code: "service_unavailable",
        message: "The database is not reachable at the moment. Please try again in a moment.",
      });
    }
    // Only Fastify's own errors (and its plugins') carry a status we trust; an upstream
    // library error that happens to have a 4xx statusCode is still our failure.
    const fromFastify = typeof error.code === "string" && error.code.startsWith("FST_");
    const status = fromFastify ? (error.statusCode ?? 500) : 500;
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || status === 413) {
      return send(reply, 413, {
        success: false,
        code: "payload_too_large",
        message: "The request body is too large.",
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): safe, but use our wording.
      const code =
        status === 404 ? "not_found" : status === 429 ? "rate_limited" : "validation_error";
      const message =
        error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? "Unsupported content type."
          : error.code?.startsWith("FST_ERR_CTP")
            ? "The request body could not be read."
            : status === 429
              ? "Too many requests. Please try again later."
              : "The request is not valid.";
      return send(reply, code === "validation_error" ? 400 : ERROR_STATUS[code], {
        success: false,
        code,
        message,
      });
    }
    request.log.error({ err: error }, "unhandled error");
    return send(reply, 500, {
      success: false,
      code: "internal_error",
      message: "Something went wrong on our side. Please try again.",
    });
  });
}

function rawHeaders(headers: Record<string, string>, requestId: string) {
  return { ...headers, "x-request-id": requestId, "cache-control": "no-store" };
}

/**
 * Errors Fastify raises before any route runs (a path with bad percent-encoding, a path
 * parameter over the router's 100-character limit). Fastify would answer them itself, raw,
 * and no hook runs for them: so the envelope, the security headers and the request id are
 * set here.
 */
export function createFrameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
    const message = tooLong ? "A part of the address is too long." : "The address is not valid.";
    request.log.info({ code: error.code }, "refused before routing");
    void send(reply.headers(rawHeaders(headers, request.id)), 400, {
      success: false,
      code: "validation_error",
      message,
      details: { issues: [{ path: "url", message }] },
    });
  };
}

/**
 * Malformed HTTP that never becomes a request (bad request line, oversized headers, a body
 * that does not arrive in time): answered on the socket in the same envelope and headers.
 */
export function createClientErrorHandler(headers: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Duplex): void => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const [status, code, message]: [number, ErrorEnvelope["code"], string] =
      error.code === "HPE_HEADER_OVERFLOW"
        ? [
            ERROR_STATUS.payload_too_large,
            "payload_too_large",
            "The request headers are too large.",
          ]
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? [408, "validation_error", "The request did not arrive in time."]
          : [ERROR_STATUS.validation_error, "validation_error", "The request could not be read."];
    const body = JSON.stringify({ success: false, code, message } satisfies ErrorEnvelope);
    const lines = Object.entries({
      ...rawHeaders(headers, randomUUID()),
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
      connection: "close",
    }).map(([name, value]) => `${name}: ${value}`);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\n${lines.join("\r\n")}\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
