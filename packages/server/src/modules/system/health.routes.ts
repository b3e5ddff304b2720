import {
  ErrorEnvelopeSchema,
  LivenessSchema,
  ReadinessSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { success } from "../../lib/envelope";
import { checkReadiness, type StorageCheck } from "./health.service";

/**
 * The probes of a process manager or load balancer (GET /api/health keeps its own meaning:
 * whether the database answers). Both are answered while the server stops: live with 200 (the
 * process still runs), ready with 503 naming `draining`.
 */
export const healthRoutes =
  (
    ctx: AppContext,
    probes: { draining: () => boolean; storage: StorageCheck; fileStore: StorageCheck },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/health/live",
      {
        config: { access: "public", answersWhileClosing: true },
        schema: {
          operationId: "getLiveness",
          summary: "Liveness probe: the process answers (no database or other I/O)",
          tags: ["system"],
          response: { 200: successEnvelope(LivenessSchema) },
        },
      },
      // No I/O at all: a slow or lost database must not get a running process restarted.
      () => success({ status: "alive" as const }),
    );

    app.get(
      "/api/health/ready",
      {
        config: { access: "public", answersWhileClosing: true },
        schema: {
          operationId: "getReadiness",
          summary:
            "Readiness probe: database, migrations, job engine and storage checked; 503 while draining",
          tags: ["system"],
          response: { 200: successEnvelope(ReadinessSchema), 503: ErrorEnvelopeSchema },
        },
      },
      async (request) => {
        const result = await checkReadiness(ctx, {
          draining: probes.draining(),
          storage: probes.storage,
          fileStore: probes.fileStore,
          log: (check, error) => request.log.warn({ err: error, check }, "readiness check failed"),
        });
        if (result.failed.length > 0) {
          throw new AppError("service_unavailable", `Not ready: ${result.reasons.join("; ")}.`, {
            failed: result.failed,
            checks: result.checks,
          });
        }
        return success({ status: "ready" as const, checks: result.checks });
      },
    );
  };
