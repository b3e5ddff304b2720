import { ErrorEnvelopeSchema, HealthSchema, successEnvelope } from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { checkHealth } from "./system.service";

export const systemRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/health",
      routeOptions("public", {
        operationId: "getHealth",
        summary: "Check that the service and its database answer",
        tags: ["system"],
        response: {
          200: successEnvelope(HealthSchema),
          // Database down (a health report), or the server stopping (the error envelope).
          503: z.union([successEnvelope(HealthSchema), ErrorEnvelopeSchema]),
        },
      }),
      async (request, reply) => {
        const health = await checkHealth(ctx.db, (error) =>
          request.log.error({ err: error }, "health check: database unreachable"),
        );
        return reply.status(health.database === "up" ? 200 : 503).send(success(health));
      },
    );
  };
