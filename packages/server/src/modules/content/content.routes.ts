import {
  SeoAnalysisBodySchema,
  SeoAnalysisSchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { sanitizeBody } from "./pipeline";
import { analyzeSeo } from "./seo";

/** POST /api/seo-analysis: a draft scored for search (nothing is stored). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/seo-analysis",
    routeOptions("viewer", {
      operationId: "analyzeSeo",
      summary: "Analyse a draft for search",
      tags: ["content"],
      body: SeoAnalysisBodySchema,
      response: { 200: successEnvelope(SeoAnalysisSchema) },
    }),
    async (request) =>
      success(
        // The body may come straight from an editor: score the same HTML that would be stored.
        analyzeSeo({ ...request.body, body: sanitizeBody(request.body.body) }),
      ),
  );
};
