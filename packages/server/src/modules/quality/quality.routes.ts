import { QualityCheckBodySchema, QualityReportSchema } from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { jsonRoutes } from "../../lib/route-options";
import { clientGoneSignal } from "../../plugins/client-gone";
import { checkQualityReviewed } from "./reviewed-check";

export const qualityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    jsonRoutes(app, { access: "viewer", tags: ["quality"] }).post("/api/quality-check", {
      operationId: "checkQuality",
      summary: "Run the quality check on a draft",
      body: QualityCheckBodySchema,
      answers: QualityReportSchema,
      run: ({ body, log }, _actor, reply) =>
        checkQualityReviewed(ctx, body, { signal: clientGoneSignal(reply), log }),
    });
  };
