import type { ErrorEnvelope } from "@content-studio/contract";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { QueryCancelledError } from "../db/cancellable";
import { AppError, ERROR_STATUS } from "../lib/app-error";

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
