import {
  QualityCheckBodySchema,
  QualityReportSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { clientGoneSignal } from "../../plugins/client-gone";
import { checkQualityReviewed } from "./reviewed-check";

export const qualityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/quality-check",
      routeOptions("viewer", {
        operationId: "checkQuality",
        summary: "Run the quality check on a draft",
        tags: ["quality"],
        body: QualityCheckBodySchema,
        response: { 200: successEnvelope(QualityReportSchema) },
      }),
      async (request, reply) =>
        success(
          await checkQualityReviewed(ctx, request.body, {
            signal: clientGoneSignal(reply),
            log: request.log,
          }),
        ),
    );
  };
